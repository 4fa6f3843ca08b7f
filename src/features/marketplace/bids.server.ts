import { MARKETPLACE, MARKETPLACE_SERVICE_TYPES } from '../../contract/marketplace.ts';
import type { AcceptResult } from '../../contract/appointments.ts';
import type { Bid } from '../../contract/bids.ts';
import type { BidBody, DecisionData } from '../../contract/bid-lines.ts';
import { decideAcceptance, insertLines, lineRows, priceBid, toLine } from './lines.server.ts';
import { FIGURE_LABELS, jobFigures } from '../../contract/job-figures.ts';
import { labelOf } from '../../contract/options.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import { conflict, forbidden, notFound } from '../../server/http/errors.ts';
import { getAppointment } from './appointments.server.ts';
import { isUuid } from '../../contract/ids.ts';
import { dateOnly, fullName } from './mappers.server.ts';
import { formatDay } from '../../lib/format.ts';
import { notify } from './notifications.server.ts';
import { bidsWithMechanic, getRequest, quoteCards } from './requests.server.ts';
import { BID_MACHINE, REQUEST_MACHINE, fromStates, targetOf } from '../../contract/machines.ts';
import { transition } from '../../server/http/transition.ts';
import { recordThreadEvent } from '../conversations/events.server.ts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * A matched mechanic's quote. The request row is locked so a quote never lands on a request that
 * is being accepted or cancelled at the same moment; one quote per mechanic (409 on a second).
 * The total is labor plus parts, computed here whatever the client sent: from the bid's lines, or
 * from the spec's fields, which then become its one line (docs/decisions/0110-itemized-bids.md).
 */
export async function submitBid(
  db: Db,
  mechanic: UserRow,
  requestId: string,
  body: BidBody & { depositPercent?: number | undefined },
): Promise<Bid> {
  if (!isUuid(requestId)) throw notFound('Service request not found');
  const { bidId, quoted } = await db.transaction().execute(async (trx) => {
    const request = await trx
      .selectFrom('serviceRequests')
      .selectAll()
      .where('id', '=', requestId)
      .forUpdate()
      .executeTakeFirst();
    if (!request) throw notFound('Service request not found');
    const match = await trx
      .selectFrom('serviceRequestMatches')
      .select('mechanicId')
      .where('serviceRequestId', '=', requestId)
      .where('mechanicId', '=', mechanic.id)
      .executeTakeFirst();
    if (!match) throw forbidden('You can only quote on service requests matched to your profile');
    const next = transition(REQUEST_MACHINE, request.status, 'bid');
    const data = { ...body, ...priceBid(body, request.serviceType) };
    const total = data.totalCost;
    const row = await trx
      .insertInto('bids')
      .values({
        serviceRequestId: requestId,
        mechanicId: mechanic.id,
        laborCost: data.laborCost,
        partsCost: data.partsCost,
        totalCost: total,
        estimatedHours: data.estimatedHours,
        availableStartDate: data.availableStartDate,
        estimatedCompletionDate: data.estimatedCompletionDate,
        warrantyPeriod: data.warrantyPeriod,
        notes: data.notes,
        depositPercent: body.depositPercent ?? 0,
        // Only an annual is approved by an IA (14 CFR 65.95); on other work the name means nothing.
        ...(request.serviceType === 'annual_inspection' && data.inspectionSigner
          ? {
              inspectionSignerName: data.inspectionSigner.fullName,
              inspectionSignerCertificate: data.inspectionSigner.certificateNumber,
            }
          : {}),
      })
      .onConflict((oc) => oc.constraint('bids_one_per_mechanic').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) throw conflict('You have already submitted a quote for this service request');
    await insertLines(trx, row.id, request.aircraftId, data.lines);
    await recordThreadEvent(
      trx,
      { serviceRequestId: requestId, mechanicId: mechanic.id },
      'bid_sent',
      usd.format(total),
    );
    if (next !== request.status) {
      await trx
        .updateTable('serviceRequests')
        .set({ status: next, updatedAt: new Date() })
        .where('id', '=', requestId)
        .execute();
    }
    await notify(trx, [request.customerId], {
      type: 'bid.received',
      title: 'New quote received',
      message: `${fullName(mechanic)} quoted ${usd.format(total)} for the ${labelOf(MARKETPLACE_SERVICE_TYPES, request.serviceType)} on ${request.aircraftTailNumber}.`,
      link: 'requests',
    });
    // The card's request as this write left it (an annual without IA names its signer, 0140).
    return { bidId: row.id, quoted: { serviceType: request.serviceType, status: next } };
  });
  const [bid, lines] = await Promise.all([
    bidsWithMechanic(db).where('b.id', '=', bidId).executeTakeFirstOrThrow(),
    lineRows(db, [bidId]),
  ]);
  const [card] = quoteCards([bid], lines, new Map([[requestId, quoted]]));
  return card!;
}

/**
 * The owner accepts one quote of a `quoted` request. The request row is locked (SELECT ... FOR
 * UPDATE) and its status checked inside the lock, so of two simultaneous accepts exactly one wins
 * and the other gets a 409; a partial unique index backs this up in the schema. The chosen bid is
 * accepted, the others declined, the request approved and an appointment scheduled.
 */
export type { AcceptResult };

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
    await recordThreadEvent(trx, { serviceRequestId: requestId, mechanicId: bid.mechanicId }, 'accepted');

    const profile = await trx
      .selectFrom('mechanicProfiles')
      .select('preferredHoursStart')
      .where('userId', '=', bid.mechanicId)
      .executeTakeFirst();
    const appointment = await trx
      .insertInto('appointments')
      .values({
        serviceRequestId: requestId,
        bidId: bid.id,
        mechanicId: bid.mechanicId,
        customerId: customer.id,
        scheduledDate: dateOnly(bid.availableStartDate),
        scheduledTime: profile?.preferredHoursStart ?? MARKETPLACE.defaultScheduledTime,
        estimatedDuration: approvedFigure.hours,
        // The product's date is a placeholder until the mechanic proposes times (docs/decisions/0171).
        scheduleState: 'unconfirmed',
        serviceLocation: request.serviceLocation,
        mechanicNotes: null,
        confirmedAt: null,
        actualStartTime: null,
        completedAt: null,
        cancelledAt: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const what = `the ${labelOf(MARKETPLACE_SERVICE_TYPES, request.serviceType)} on ${request.aircraftTailNumber}`;
    await notify(trx, [bid.mechanicId], {
      type: 'bid.accepted',
      title: 'Quote accepted',
      message:
        `${fullName(customer)} accepted your quote for ${what}. ${FIGURE_LABELS.quoted}: ${usd.format(figures.quoted.totalCost)}; ` +
        `${FIGURE_LABELS.approved.toLowerCase()} by the owner: ${usd.format(approvedFigure.totalCost)}. ` +
        `Your quote starts ${formatDay(dateOnly(bid.availableStartDate))}: please propose times for the appointment.`,
      link: 'appointments',
      itemId: appointment.id,
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
    return appointment.id;
  });
  const [request, appointment] = await Promise.all([
    getRequest(db, { kind: 'owner', userId: customer.id }, requestId),
    getAppointment(db, appointmentId),
  ]);
  return { success: true, request, appointment };
}
