import { MARKETPLACE, SERVICE_TYPES, bidTotal, type Appointment, type Bid, type BidData, type ServiceRequest } from '../../contract/marketplace.ts';
import { labelOf } from '../../contract/options.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import { conflict, forbidden, notFound } from '../../server/http/errors.ts';
import { getAppointment } from './appointments.server.ts';
import { isUuid } from '../../contract/ids.ts';
import { dateOnly, fullName, toBid, type BidRow } from './mappers.server.ts';
import { formatDay } from '../../lib/format.ts';
import { notify } from './notifications.server.ts';
import { bidsWithMechanic, getRequest } from './requests.server.ts';
import { QUOTABLE_REQUEST_STATUSES } from './transitions.ts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

function closedToQuotes(status: string): string {
  switch (status) {
    case 'pending':
      return 'This service request is not open for quotes yet';
    case 'approved':
      return 'A quote has already been accepted for this service request';
    case 'in_progress':
      return 'Work on this service request has already started';
    case 'completed':
      return 'This service request is completed and no longer accepts quotes';
    case 'cancelled':
      return 'This service request was cancelled and no longer accepts quotes';
    default:
      return 'This service request no longer accepts quotes';
  }
}

/**
 * A matched mechanic's quote. The request row is locked so a quote never lands on a request that
 * is being accepted or cancelled at the same moment; one quote per mechanic (409 on a second).
 * The total is labor plus parts, computed here whatever the client sent.
 */
export async function submitBid(db: Db, mechanic: UserRow, requestId: string, data: BidData): Promise<Bid> {
  if (!isUuid(requestId)) throw notFound('Service request not found');
  const bidId = await db.transaction().execute(async (trx) => {
    const request = await trx.selectFrom('serviceRequests').selectAll().where('id', '=', requestId).forUpdate().executeTakeFirst();
    if (!request) throw notFound('Service request not found');
    const match = await trx
      .selectFrom('serviceRequestMatches')
      .select('mechanicId')
      .where('serviceRequestId', '=', requestId)
      .where('mechanicId', '=', mechanic.id)
      .executeTakeFirst();
    if (!match) throw forbidden('You can only quote on service requests matched to your profile');
    if (!QUOTABLE_REQUEST_STATUSES.includes(request.status)) throw conflict(closedToQuotes(request.status));
    const total = bidTotal(data.laborCost, data.partsCost);
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
      })
      .onConflict((oc) => oc.constraint('bids_one_per_mechanic').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) throw conflict('You have already submitted a quote for this service request');
    if (request.status === 'matched') {
      await trx.updateTable('serviceRequests').set({ status: 'quoted', updatedAt: new Date() }).where('id', '=', requestId).execute();
    }
    await notify(trx, [request.customerId], {
      type: 'bid.received',
      title: 'New quote received',
      message: `${fullName(mechanic)} quoted ${usd.format(total)} for the ${labelOf(SERVICE_TYPES, request.serviceType)} on ${request.aircraftTailNumber}.`,
      link: 'requests',
    });
    return row.id;
  });
  const bid = await bidsWithMechanic(db).where('b.id', '=', bidId).executeTakeFirstOrThrow();
  return toBid(bid as BidRow);
}

export interface AcceptResult {
  success: true;
  request: ServiceRequest;
  appointment: Appointment;
}

/**
 * The owner accepts one quote of a `quoted` request. The request row is locked (SELECT ... FOR
 * UPDATE) and its status checked inside the lock, so of two simultaneous accepts exactly one wins
 * and the other gets a 409; a partial unique index backs this up in the schema. The chosen bid is
 * accepted, the others declined, the request approved and an appointment scheduled.
 */
export async function acceptBid(db: Db, customer: UserRow, requestId: string, bidId: string): Promise<AcceptResult> {
  if (!isUuid(requestId)) throw notFound('Service request not found');
  const appointmentId = await db.transaction().execute(async (trx) => {
    const request = await trx.selectFrom('serviceRequests').selectAll().where('id', '=', requestId).forUpdate().executeTakeFirst();
    if (!request || request.customerId !== customer.id) throw notFound('Service request not found');
    if (request.status === 'approved') throw conflict('A quote has already been accepted for this service request');
    if (request.status !== 'quoted') {
      throw conflict(
        request.status === 'pending' || request.status === 'matched'
          ? 'This service request has no quotes to accept yet'
          : `This service request is ${request.status === 'in_progress' ? 'in progress' : request.status} and its quotes can no longer be accepted`,
      );
    }
    const bid = await trx.selectFrom('bids').selectAll().where('id', '=', bidId).where('serviceRequestId', '=', requestId).executeTakeFirst();
    if (!bid) throw notFound('Quote not found for this service request');
    if (bid.status !== 'pending') throw conflict('This quote can no longer be accepted');

    const now = new Date();
    await trx.updateTable('bids').set({ status: 'accepted', updatedAt: now }).where('id', '=', bid.id).execute();
    const declined = await trx
      .updateTable('bids')
      .set({ status: 'declined', updatedAt: now })
      .where('serviceRequestId', '=', requestId)
      .where('id', '!=', bid.id)
      .where('status', '=', 'pending')
      .returning('mechanicId')
      .execute();
    await trx.updateTable('serviceRequests').set({ status: 'approved', updatedAt: now }).where('id', '=', requestId).execute();

    const profile = await trx.selectFrom('mechanicProfiles').select('preferredHoursStart').where('userId', '=', bid.mechanicId).executeTakeFirst();
    const appointment = await trx
      .insertInto('appointments')
      .values({
        serviceRequestId: requestId,
        bidId: bid.id,
        mechanicId: bid.mechanicId,
        customerId: customer.id,
        scheduledDate: dateOnly(bid.availableStartDate),
        scheduledTime: profile?.preferredHoursStart ?? MARKETPLACE.defaultScheduledTime,
        estimatedDuration: bid.estimatedHours,
        serviceLocation: request.serviceLocation,
        mechanicNotes: null,
        confirmedAt: null,
        actualStartTime: null,
        completedAt: null,
        cancelledAt: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const what = `the ${labelOf(SERVICE_TYPES, request.serviceType)} on ${request.aircraftTailNumber}`;
    await notify(trx, [bid.mechanicId], {
      type: 'bid.accepted',
      title: 'Quote accepted',
      message: `${fullName(customer)} accepted your quote of ${usd.format(Number(bid.totalCost))} for ${what}. The appointment is scheduled for ${formatDay(dateOnly(bid.availableStartDate))}; please confirm it.`,
      link: 'appointments',
    });
    await notify(trx, declined.map((d) => d.mechanicId), {
      type: 'bid.declined',
      title: 'Quote not selected',
      message: `The customer chose another quote for ${what}. Thank you for quoting.`,
      link: 'requests',
    });
    return appointment.id;
  });
  const [request, appointment] = await Promise.all([
    getRequest(db, { kind: 'owner', userId: customer.id }, requestId),
    getAppointment(db, appointmentId),
  ]);
  return { success: true, request, appointment };
}
