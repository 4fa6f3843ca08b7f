import type { MaintenanceRequestData } from '../../contract/maintenance.ts';
import { type ServiceRequest, ServiceRequestSchema } from '../../contract/service-requests.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import { badRequest } from '../../server/http/errors.ts';
import { parseWith } from '../../server/http/with-api.ts';
import { createRequest } from '../marketplace/requests.server.ts';
import { requestDescription, serviceTypeFor, urgencyFor } from './rules.ts';
import { maintenanceView, ownAircraft } from './maintenance.server.ts';
import { aircraftToday } from '../marketplace/geo/airport-day.ts';

// ---------------------------------------------------------------------------------------------
// A service request from chosen items and squawks

/**
 * Builds the request a pilot would type into "Request Aircraft Service" (service type from the
 * items, a description listing each with its cite, the aircraft's fields, its home airport), runs
 * it through the same schema and the same creation path as POST /api/enhanced/quotes (so matching
 * and notifications happen as for any request) and links the items and squawks to it.
 */
export async function requestService(
  db: Db,
  customer: UserRow,
  aircraftId: string,
  data: MaintenanceRequestData,
): Promise<ServiceRequest> {
  const aircraft = await ownAircraft(db, customer.id, aircraftId);
  // One day for the statuses and the words: the day at the aircraft's airport.
  const today = aircraftToday(aircraft);
  const view = await maintenanceView(db, aircraft, today);
  const items = data.itemIds.map((id, i) => {
    const item = view.items.find((x) => x.id === id);
    if (!item)
      throw badRequest('Maintenance item not found on this aircraft', [
        { path: `itemIds.${i}`, message: 'Maintenance item not found on this aircraft' },
      ]);
    return item;
  });
  const squawks = data.squawkIds.map((id, i) => {
    const squawk = view.squawks.find((x) => x.id === id);
    if (!squawk)
      throw badRequest('Squawk not found on this aircraft', [
        { path: `squawkIds.${i}`, message: 'Squawk not found on this aircraft' },
      ]);
    if (squawk.status !== 'open')
      throw badRequest(`Squawk "${squawk.title}" is already resolved`, [
        { path: `squawkIds.${i}`, message: 'Squawk is already resolved' },
      ]);
    return squawk;
  });
  if (!aircraft.homeAirport) {
    throw badRequest(`Set the home airport of ${aircraft.tailNumber} first: the request goes to mechanics near it`, [
      { path: 'homeAirport', message: 'Home airport is required to request service' },
    ]);
  }
  const request = parseWith(ServiceRequestSchema, {
    aircraftId: aircraft.id,
    aircraftMake: aircraft.make,
    aircraftModel: aircraft.model,
    aircraftYear: aircraft.year,
    aircraftTailNumber: aircraft.tailNumber,
    aircraftTotalHours: view.currentHours,
    aircraftLocation: aircraft.homeAirport,
    serviceType: serviceTypeFor(items, squawks),
    serviceDescription: requestDescription(aircraft.tailNumber, items, squawks, today, data.note),
    urgencyLevel: data.urgencyLevel ?? urgencyFor(items, squawks),
    preferredStartDate: data.preferredStartDate,
    serviceLocation: aircraft.homeAirport,
    customerWillTravel: false,
    estimatedBudget: data.estimatedBudget,
  });
  return createRequest(db, customer, request, async (trx, requestId) => {
    const links = [
      ...items.map((i) => ({ serviceRequestId: requestId, itemId: i.id, squawkId: null })),
      ...squawks.map((s) => ({ serviceRequestId: requestId, itemId: null, squawkId: s.id })),
    ];
    await trx
      .insertInto('maintenanceRequestLinks')
      .values(links.map((l) => ({ ...l, completedAt: null })))
      .execute();
  });
}
