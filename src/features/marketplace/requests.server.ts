import type { ServiceRequest, ServiceRequestData } from '../../contract/service-requests.ts';
import { labelOf } from '../../contract/options.ts';
import { MARKETPLACE_SERVICE_TYPES } from '../../contract/marketplace.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db, Tx } from '../../server/db/client.ts';
import { badRequest, notFound } from '../../server/http/errors.ts';
import { resolveLocation, unknownLocationMessage } from './geo/resolve.ts';
import { isUuid } from '../../contract/ids.ts';
import { fullName } from '../../server/db/full-name.ts';
import { numOrNull } from './mappers.server.ts';
import { matchNewRequest } from './matching.server.ts';
import { notify } from './notifications.server.ts';
import { APPOINTMENT_MACHINE, BID_MACHINE, REQUEST_MACHINE, fromStates, targetOf } from '../../contract/machines.ts';
import { transition } from '../../server/http/transition.ts';
import { ownerAircraftFor } from './request-aircraft.server.ts';
import { onRequestCancel } from './booking-terms.server.ts';
import { getRequest, requestNotFound, requestView } from './request-view.server.ts';

// A request's life from the owner's side: made (resolved, stored and matched in one transaction)
// and cancelled (its appointment, quotes and mechanics told). Reading one is request-view.server.ts.

function resolveOrRefuse(field: string, text: string) {
  const place = resolveLocation(text);
  if (!place) {
    const message = unknownLocationMessage(text);
    throw badRequest(message, [{ path: field, message }]);
  }
  return place;
}

/**
 * A pilot's new service request. Locations are resolved at entry (an unknown one is a 400, not a
 * silent non-match); an `aircraftId` must be the pilot's own and fills any aircraft field left out.
 * The request is stored and matched in one transaction.
 */
export async function createRequest(
  db: Db,
  customer: UserRow,
  data: ServiceRequestData,
  /** Runs in the same transaction once the request is stored (maintenance links its items). */
  afterInsert?: (trx: Tx, requestId: string) => Promise<void>,
): Promise<ServiceRequest> {
  let aircraft = {
    make: data.aircraftMake,
    model: data.aircraftModel,
    year: data.aircraftYear,
    tail: data.aircraftTailNumber,
    hours: data.aircraftTotalHours,
  };
  if (data.aircraftId) {
    const own = await db
      .selectFrom('aircraft')
      .selectAll()
      .where('id', '=', data.aircraftId)
      .where('ownerId', '=', customer.id)
      .executeTakeFirst();
    if (!own) throw notFound('Aircraft not found');
    aircraft = {
      make: aircraft.make ?? own.make,
      model: aircraft.model ?? own.model,
      year: aircraft.year ?? own.year,
      tail: aircraft.tail ?? own.tailNumber,
      hours: aircraft.hours ?? numOrNull(own.totalHours),
    };
  }
  const service = resolveOrRefuse('serviceLocation', data.serviceLocation);
  // The aircraft's location only decides a match when the customer will fly it to the mechanic.
  const aircraftPlace = data.customerWillTravel
    ? resolveOrRefuse('aircraftLocation', data.aircraftLocation)
    : resolveLocation(data.aircraftLocation);

  const { row, matching } = await db.transaction().execute(async (trx) => {
    // Every request belongs to one of the owner's aircraft: the typed registration's (added if new).
    const aircraftId =
      data.aircraftId ??
      (await ownerAircraftFor(trx, customer.id, {
        tail: aircraft.tail ?? '',
        make: aircraft.make ?? '',
        model: aircraft.model ?? '',
        year: aircraft.year,
        hours: aircraft.hours,
        location: data.aircraftLocation,
      }));
    const row = await trx
      .insertInto('serviceRequests')
      .values({
        customerId: customer.id,
        aircraftId,
        aircraftMake: aircraft.make ?? '',
        aircraftModel: aircraft.model ?? '',
        aircraftYear: aircraft.year,
        aircraftTailNumber: aircraft.tail ?? '',
        aircraftTotalHours: aircraft.hours,
        aircraftLocation: data.aircraftLocation,
        aircraftLatitude: aircraftPlace?.latitude ?? null,
        aircraftLongitude: aircraftPlace?.longitude ?? null,
        serviceType: data.serviceType,
        serviceDescription: data.serviceDescription,
        urgencyLevel: data.urgencyLevel,
        preferredStartDate: data.preferredStartDate,
        serviceLocation: data.serviceLocation,
        serviceLocationLabel: service.label,
        serviceLatitude: service.latitude,
        serviceLongitude: service.longitude,
        customerWillTravel: data.customerWillTravel,
        maxTravelDistance: data.maxTravelDistance,
        estimatedBudget: data.estimatedBudget,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (afterInsert) await afterInsert(trx, row.id);
    return { row, matching: await matchNewRequest(trx, row) };
  });
  // The answer from what was written: a new request has no quote yet, its listed matches come from
  // the matching statement, and its count counts every mechanic in range, also those recorded
  // after the answer (completeMatching). Read back, it cost five more statements (docs/decisions/0280).
  return requestView(
    { ...row, status: matching.status, customerFirstName: customer.firstName, customerLastName: customer.lastName },
    [],
    matching.shown,
    matching.matched,
    { kind: 'owner', userId: customer.id },
  );
}

/**
 * The owner cancels a request that is not yet in progress: its appointment is cancelled, pending
 * quotes are declined, and every matched or quoting mechanic is told.
 */
export async function cancelRequest(db: Db, customer: UserRow, id: string): Promise<ServiceRequest> {
  if (!isUuid(id)) throw requestNotFound();
  await db.transaction().execute(async (trx) => {
    const request = await trx
      .selectFrom('serviceRequests')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!request || request.customerId !== customer.id) throw requestNotFound();
    const cancelled = transition(REQUEST_MACHINE, request.status, 'cancel');
    const now = new Date();
    // A booked job keeps the cancellation window agreed at booking (docs/decisions/0241).
    await onRequestCancel(trx, customer, request, now);
    await trx.updateTable('serviceRequests').set({ status: cancelled, updatedAt: now }).where('id', '=', id).execute();
    await trx
      .updateTable('appointments')
      .set({ status: targetOf(APPOINTMENT_MACHINE, 'cancel'), cancelledAt: now, cancelledBy: 'owner', updatedAt: now })
      .where('serviceRequestId', '=', id)
      .where('status', 'in', fromStates(APPOINTMENT_MACHINE, 'cancel'))
      .execute();
    await trx
      .updateTable('bids')
      .set({ status: targetOf(BID_MACHINE, 'decline'), updatedAt: now })
      .where('serviceRequestId', '=', id)
      .where('status', 'in', fromStates(BID_MACHINE, 'decline'))
      .execute();
    const matched = await trx
      .selectFrom('serviceRequestMatches')
      .select('mechanicId')
      .where('serviceRequestId', '=', id)
      .execute();
    const bidders = await trx.selectFrom('bids').select('mechanicId').where('serviceRequestId', '=', id).execute();
    await notify(
      trx,
      [...matched, ...bidders].map((m) => m.mechanicId),
      {
        type: 'request.cancelled',
        title: 'Service request cancelled',
        message: `${fullName(customer)} cancelled the ${labelOf(MARKETPLACE_SERVICE_TYPES, request.serviceType)} for ${request.aircraftTailNumber} at ${request.serviceLocation}.`,
        link: request.status === 'approved' ? 'appointments' : 'requests',
      },
    );
  });
  return getRequest(db, { kind: 'owner', userId: customer.id }, id);
}
