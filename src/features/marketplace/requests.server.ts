import { sql, type Selectable } from 'kysely';
import type { MatchedMechanic, ServiceRequest, ServiceRequestData } from '../../contract/marketplace.ts';
import { labelOf } from '../../contract/options.ts';
import { MARKETPLACE_SERVICE_TYPES } from '../../contract/marketplace.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import type { ServiceRequestsTable } from '../../server/db/tables/marketplace.ts';
import { badRequest, notFound } from '../../server/http/errors.ts';
import { resolveLocation, unknownLocationMessage } from './geo/resolve.ts';
import { isUuid } from '../../contract/ids.ts';
import { dateOrNull, fullName, iso, numOrNull, toBid, type BidRow } from './mappers.server.ts';
import { matchNewRequest } from './matching.server.ts';
import { notify } from './notifications.server.ts';
import { APPOINTMENT_MACHINE, BID_MACHINE, QUOTABLE_REQUEST_STATUSES, REQUEST_MACHINE, fromStates, targetOf } from '../../contract/machines.ts';
import { transition } from '../../server/http/transition.ts';
import { withLines } from '../bid-lines/lines.server.ts';

type RequestRow = Selectable<ServiceRequestsTable> & { customerFirstName: string; customerLastName: string; distanceMiles?: number | null };

/** Who is looking decides what a request shows: its owner and admins see every quote and match. */
export type Viewer = { kind: 'owner' | 'admin'; userId: string } | { kind: 'mechanic'; userId: string };

const requestNotFound = () => notFound('Service request not found');

function requestsWithCustomer(db: Db) {
  return db
    .selectFrom('serviceRequests as r')
    .innerJoin('users as c', 'c.id', 'r.customerId')
    .selectAll('r')
    .select(['c.firstName as customerFirstName', 'c.lastName as customerLastName']);
}

/** Bids with their mechanic's name, rating (and how many ratings it averages) and completed jobs. */
export function bidsWithMechanic(db: Db) {
  return db
    .selectFrom('bids as b')
    .innerJoin('users as u', 'u.id', 'b.mechanicId')
    .leftJoin('mechanicProfiles as p', 'p.userId', 'b.mechanicId')
    .selectAll('b')
    .select(['u.firstName as mechanicFirstName', 'u.lastName as mechanicLastName', 'p.rating as mechanicRating', 'p.completedJobs as mechanicCompletedJobs'])
    .select((eb) =>
      eb.selectFrom('ratings as r').whereRef('r.mechanicId', '=', 'b.mechanicId').select(eb.fn.countAll<string>().as('n')).as('mechanicRatingCount'),
    )
    // Payable through Skyward: the mechanic's payouts are ready (docs/decisions/0230).
    .select((eb) =>
      eb.selectFrom('connectedAccounts as ca').whereRef('ca.userId', '=', 'b.mechanicId').select(sql<boolean>`ca.charges_enabled and ca.payouts_enabled`.as('p')).as('mechanicPayable'),
    );
}

/** Adds quotes and matches to request rows, in two queries whatever the number of rows. */
async function hydrate(db: Db, rows: RequestRow[], viewer: Viewer): Promise<ServiceRequest[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  let bidQuery = bidsWithMechanic(db).where('b.serviceRequestId', 'in', ids);
  let matchQuery = db
    .selectFrom('serviceRequestMatches as m')
    .innerJoin('users as u', 'u.id', 'm.mechanicId')
    .leftJoin('mechanicProfiles as p', 'p.userId', 'm.mechanicId')
    .select(['m.serviceRequestId', 'm.mechanicId', 'm.distanceMiles', 'u.firstName', 'u.lastName', 'p.rating', 'p.completedJobs'])
    .where('m.serviceRequestId', 'in', ids);
  // A mechanic sees their own quote and match only, never a competitor's price.
  if (viewer.kind === 'mechanic') {
    bidQuery = bidQuery.where('b.mechanicId', '=', viewer.userId);
    matchQuery = matchQuery.where('m.mechanicId', '=', viewer.userId);
  }
  const [bids, matches] = await Promise.all([
    bidQuery.orderBy('b.totalCost', 'asc').orderBy('b.createdAt', 'asc').execute(),
    matchQuery.orderBy('m.distanceMiles', 'asc').execute(),
  ]);
  const lined = await withLines(db, (bids as BidRow[]).map(toBid));
  return rows.map((r) => {
    const quotes = lined.filter((b) => b.serviceRequestId === r.id);
    const matchedMechanics: MatchedMechanic[] = matches
      .filter((m) => m.serviceRequestId === r.id)
      .map((m) => ({
        mechanicId: m.mechanicId,
        mechanicName: fullName(m),
        distanceMiles: m.distanceMiles,
        rating: m.rating === null ? 5 : Number(m.rating),
        completedJobs: m.completedJobs ?? 0,
      }));
    const view: ServiceRequest = {
      id: r.id,
      aircraftId: r.aircraftId,
      aircraftMake: r.aircraftMake,
      aircraftModel: r.aircraftModel,
      aircraftYear: r.aircraftYear,
      aircraftTailNumber: r.aircraftTailNumber,
      aircraftTotalHours: numOrNull(r.aircraftTotalHours),
      aircraftLocation: r.aircraftLocation,
      serviceType: r.serviceType,
      serviceDescription: r.serviceDescription,
      urgencyLevel: r.urgencyLevel,
      preferredStartDate: dateOrNull(r.preferredStartDate),
      serviceLocation: r.serviceLocation,
      serviceLocationLabel: r.serviceLocationLabel,
      customerWillTravel: r.customerWillTravel,
      maxTravelDistance: r.maxTravelDistance,
      estimatedBudget: numOrNull(r.estimatedBudget),
      status: r.status,
      createdAt: iso(r.createdAt),
      customerName: fullName({ firstName: r.customerFirstName, lastName: r.customerLastName }),
      matchedMechanics,
      quotes,
    };
    if (viewer.kind === 'mechanic') {
      const mine = quotes[0] ?? null;
      view.myQuote = mine;
      view.distanceMiles = matchedMechanics[0]?.distanceMiles ?? r.distanceMiles ?? null;
      // While the request is open, its status is this mechanic's: 'quoted' once they quoted.
      if (QUOTABLE_REQUEST_STATUSES.includes(r.status)) view.status = mine ? 'quoted' : 'matched';
    }
    return view;
  });
}

export async function getRequestRow(db: Db, id: string): Promise<RequestRow | undefined> {
  if (!isUuid(id)) return undefined;
  return requestsWithCustomer(db).where('r.id', '=', id).executeTakeFirst();
}

/** One request as `viewer` may see it; 404 for anyone who may not (not revealing it exists). */
export async function getRequest(db: Db, viewer: Viewer, id: string): Promise<ServiceRequest> {
  const row = await getRequestRow(db, id);
  if (!row) throw requestNotFound();
  if (viewer.kind === 'owner' && row.customerId !== viewer.userId) throw requestNotFound();
  if (viewer.kind === 'mechanic') {
    const match = await db
      .selectFrom('serviceRequestMatches')
      .select('distanceMiles')
      .where('serviceRequestId', '=', id)
      .where('mechanicId', '=', viewer.userId)
      .executeTakeFirst();
    if (!match) throw requestNotFound();
  }
  const [view] = await hydrate(db, [row], viewer);
  return view!;
}

export async function listCustomerRequests(db: Db, customerId: string): Promise<ServiceRequest[]> {
  const rows = await requestsWithCustomer(db).where('r.customerId', '=', customerId).orderBy('r.createdAt', 'desc').execute();
  return hydrate(db, rows, { kind: 'owner', userId: customerId });
}

/**
 * The requests matched to a mechanic: every open one (matched or quoted), and any later one they
 * quoted on, so their quote history stays visible. Newest first.
 */
export async function listMechanicRequests(db: Db, mechanicId: string): Promise<ServiceRequest[]> {
  const rows = await requestsWithCustomer(db)
    .innerJoin('serviceRequestMatches as m', (join) => join.onRef('m.serviceRequestId', '=', 'r.id').on('m.mechanicId', '=', mechanicId))
    .select('m.distanceMiles')
    .where((eb) =>
      eb.or([
        eb('r.status', 'in', [...QUOTABLE_REQUEST_STATUSES]),
        eb.exists(eb.selectFrom('bids as mb').select('mb.id').whereRef('mb.serviceRequestId', '=', 'r.id').where('mb.mechanicId', '=', mechanicId)),
      ]),
    )
    .orderBy('r.createdAt', 'desc')
    .execute();
  return hydrate(db, rows, { kind: 'mechanic', userId: mechanicId });
}

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
  afterInsert?: (trx: Db, requestId: string) => Promise<void>,
): Promise<ServiceRequest> {
  let aircraft = { make: data.aircraftMake, model: data.aircraftModel, year: data.aircraftYear, tail: data.aircraftTailNumber, hours: data.aircraftTotalHours };
  if (data.aircraftId) {
    const own = await db.selectFrom('aircraft').selectAll().where('id', '=', data.aircraftId).where('ownerId', '=', customer.id).executeTakeFirst();
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
  const aircraftPlace = data.customerWillTravel ? resolveOrRefuse('aircraftLocation', data.aircraftLocation) : resolveLocation(data.aircraftLocation);

  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('serviceRequests')
      .values({
        customerId: customer.id,
        aircraftId: data.aircraftId,
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
    await matchNewRequest(trx, row);
    return row.id;
  });
  return getRequest(db, { kind: 'owner', userId: customer.id }, id);
}

/**
 * The owner cancels a request that is not yet in progress: its appointment is cancelled, pending
 * quotes are declined, and every matched or quoting mechanic is told.
 */
export async function cancelRequest(db: Db, customer: UserRow, id: string): Promise<ServiceRequest> {
  if (!isUuid(id)) throw requestNotFound();
  await db.transaction().execute(async (trx) => {
    const request = await trx.selectFrom('serviceRequests').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!request || request.customerId !== customer.id) throw requestNotFound();
    const cancelled = transition(REQUEST_MACHINE, request.status, 'cancel');
    const now = new Date();
    await trx.updateTable('serviceRequests').set({ status: cancelled, updatedAt: now }).where('id', '=', id).execute();
    await trx
      .updateTable('appointments')
      .set({ status: targetOf(APPOINTMENT_MACHINE, 'cancel'), cancelledAt: now, updatedAt: now })
      .where('serviceRequestId', '=', id)
      .where('status', 'in', fromStates(APPOINTMENT_MACHINE, 'cancel'))
      .execute();
    await trx
      .updateTable('bids')
      .set({ status: targetOf(BID_MACHINE, 'decline'), updatedAt: now })
      .where('serviceRequestId', '=', id)
      .where('status', 'in', fromStates(BID_MACHINE, 'decline'))
      .execute();
    const matched = await trx.selectFrom('serviceRequestMatches').select('mechanicId').where('serviceRequestId', '=', id).execute();
    const bidders = await trx.selectFrom('bids').select('mechanicId').where('serviceRequestId', '=', id).execute();
    await notify(trx, [...matched, ...bidders].map((m) => m.mechanicId), {
      type: 'request.cancelled',
      title: 'Service request cancelled',
      message: `${fullName(customer)} cancelled the ${labelOf(MARKETPLACE_SERVICE_TYPES, request.serviceType)} for ${request.aircraftTailNumber} at ${request.serviceLocation}.`,
      link: request.status === 'approved' ? 'appointments' : 'requests',
    });
  });
  return getRequest(db, { kind: 'owner', userId: customer.id }, id);
}

