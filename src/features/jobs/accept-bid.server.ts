import { MARKETPLACE, MARKETPLACE_SERVICE_TYPES } from '../../contract/marketplace.ts';
import type { AcceptResult } from '../../contract/appointments.ts';
import type { DecisionData } from '../../contract/bid-lines.ts';
import { FIGURE_LABELS, jobFigures } from '../../contract/job-figures.ts';
import { BID_MACHINE, REQUEST_MACHINE, fromStates, targetOf } from '../../contract/machines.ts';
import { isUuid } from '../../contract/ids.ts';
import { labelOf } from '../../contract/options.ts';
import { formatDay } from '../../lib/format.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import { notFound } from '../../server/http/errors.ts';
import { transition } from '../../server/http/transition.ts';
import { getAppointment } from '../marketplace/appointments.server.ts';
import { decideAcceptance, lineRows, toLine } from '../marketplace/lines.server.ts';
import { fullName } from '../../server/db/full-name.ts';
import { dateOnly } from '../marketplace/mappers.server.ts';
import { notify } from '../marketplace/notifications.server.ts';
import { getRequest } from '../marketplace/request-view.server.ts';
import { createJob } from './create-job.server.ts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export type { AcceptResult };

/**
 * The owner accepts one quote of a `quoted` request. The request row is locked (SELECT ... FOR
 * UPDATE) and its status checked inside the lock, so of two simultaneous accepts exactly one wins
 * and the other gets a 409; a partial unique index backs this up in the schema. The chosen bid is
 * accepted, the others declined, the request approved, and the job written by the one job writer
 * (appointment, payment terms, the conversation's event) in the same transaction.
 */
export async function acceptBid(
  db: Db,
  customer: UserRow,
  requestId: string,
  bidId: string,
  decisions?: readonly DecisionData[],
): Promise<AcceptResult> {
  if (!isUuid(requestId)) throw notFound('Service request not found');
  const appointmentId = await db.transaction().execute(async (trx) => {
    const request = await trx
      .selectFrom('serviceRequests')
      .selectAll()
      .where('id', '=', requestId)
      .forUpdate()
      .executeTakeFirst();
    if (!request || request.customerId !== customer.id) throw notFound('Service request not found');
    const approved = transition(REQUEST_MACHINE, request.status, 'accept');
    const bid = await trx
      .selectFrom('bids')
      .selectAll()
      .where('id', '=', bidId)
      .where('serviceRequestId', '=', requestId)
      .executeTakeFirst();
    if (!bid) throw notFound('Quote not found for this service request');
    const accepted = transition(BID_MACHINE, bid.status, 'accept');
    // Each line approved, deferred or declined (all approved without decisions); 400 on a rule broken.
    await decideAcceptance(trx, bid.id, decisions);
    // The job's figures from the decided lines: the appointment and every notice name the approved one.
    const figures = jobFigures((await lineRows(trx, [bid.id])).map(toLine), 'accepted');
    const approvedFigure = figures.approved!;

    const now = new Date();
    await trx.updateTable('bids').set({ status: accepted, updatedAt: now }).where('id', '=', bid.id).execute();
    // Every other quote still open is declined: the rows the table lets `decline` move.
    const declined = await trx
      .updateTable('bids')
      .set({ status: targetOf(BID_MACHINE, 'decline'), updatedAt: now })
      .where('serviceRequestId', '=', requestId)
      .where('id', '!=', bid.id)
      .where('status', 'in', fromStates(BID_MACHINE, 'decline'))
      .returning('mechanicId')
      .execute();
    await trx
      .updateTable('serviceRequests')
      .set({ status: approved, updatedAt: now })
      .where('id', '=', requestId)
      .execute();

    const profile = await trx
      .selectFrom('mechanicProfiles')
      .select('preferredHoursStart')
      .where('userId', '=', bid.mechanicId)
      .executeTakeFirst();
    const job = await createJob(trx, {
      mechanicId: bid.mechanicId,
      customerId: customer.id,
      request: { id: requestId },
      terms: { bidId: bid.id, estimatedDuration: approvedFigure.hours },
      appointment: {
        scheduledDate: dateOnly(bid.availableStartDate),
        scheduledTime: profile?.preferredHoursStart ?? MARKETPLACE.defaultScheduledTime,
        serviceLocation: request.serviceLocation,
        agreed: false,
      },
      thread: { event: 'accepted' },
      now,
    });

    const what = `the ${labelOf(MARKETPLACE_SERVICE_TYPES, request.serviceType)} on ${request.aircraftTailNumber}`;
    await notify(trx, [bid.mechanicId], {
      type: 'bid.accepted',
      title: 'Quote accepted',
      message:
        `${fullName(customer)} accepted your quote for ${what}. ${FIGURE_LABELS.quoted}: ${usd.format(figures.quoted.totalCost)}; ` +
        `${FIGURE_LABELS.approved.toLowerCase()} by the owner: ${usd.format(approvedFigure.totalCost)}. ` +
        `Your quote starts ${formatDay(dateOnly(bid.availableStartDate))}: please propose times for the appointment.`,
      link: 'appointments',
      itemId: job.appointmentId,
    });
    await notify(
      trx,
      declined.map((d) => d.mechanicId),
      {
        type: 'bid.declined',
        title: 'Quote not selected',
        message: `The customer chose another quote for ${what}. Thank you for quoting.`,
        link: 'requests',
      },
    );
    return job.appointmentId;
  });
  const [request, appointment] = await Promise.all([
    getRequest(db, { kind: 'owner', userId: customer.id }, requestId),
    getAppointment(db, appointmentId),
  ]);
  return { success: true, request, appointment };
}
