import { sql, type Selectable, type SqlBool } from 'kysely';
import type { MatchedMechanic, ServiceRequest, ServiceRequestData } from '../../contract/service-requests.ts';
import { labelOf } from '../../contract/options.ts';
import { MARKETPLACE_SERVICE_TYPES } from '../../contract/marketplace.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db, Tx } from '../../server/db/client.ts';
import type { ServiceRequestsTable } from '../../server/db/tables/marketplace.ts';
import { badRequest, notFound } from '../../server/http/errors.ts';
import { resolveLocation, unknownLocationMessage } from './geo/resolve.ts';
import { isUuid } from '../../contract/ids.ts';
import { dateOrNull, fullName, iso, numOrNull, toBid } from './mappers.server.ts';
import { matchNewRequest } from './matching.server.ts';
import { MATCHES_SHOWN } from './matches-shown.ts';
import { notify } from './notifications.server.ts';
import {
  APPOINTMENT_MACHINE,
  BID_MACHINE,
  QUOTABLE_REQUEST_STATUSES,
  REQUEST_MACHINE,
  fromStates,
  targetOf,
} from '../../contract/machines.ts';
import { transition } from '../../server/http/transition.ts';
import { attachLines, lineRowsOnRequests, type BidWithLines, type LineContext, type LineRow } from './lines.server.ts';
import { airmenBadge } from './airmen-verdicts.server.ts';
import { stoppedJob } from './stopped-jobs.server.ts';
import { afterKey, cut, keyOf, type KeyColumn, type PageRequest, type Paged } from '../../server/http/paging.ts';
import { ownerAircraftFor } from './request-aircraft.server.ts';
import { onRequestCancel } from './booking-terms.server.ts';

type RequestRow = Selectable<ServiceRequestsTable> & {
  customerFirstName: string;
  customerLastName: string;
  distanceMiles?: number | null;
  /** The owner's list: the job lost its mechanic, so the owner may re-list it. */
  stopped?: SqlBool;
};

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

/**
 * Bids with their mechanic's name, rating, how many ratings it averages (kept on the profile,
 * migration 0037) and completed jobs.
 */
export function bidsWithMechanic(db: Db) {
  return (
    db
      .selectFrom('bids as b')
      .innerJoin('users as u', 'u.id', 'b.mechanicId')
      .leftJoin('mechanicProfiles as p', 'p.userId', 'b.mechanicId')
      .leftJoin('mechanicAirmenMatches as am', 'am.mechanicId', 'b.mechanicId')
      .selectAll('b')
      .select([
        'u.firstName as mechanicFirstName',
        'u.lastName as mechanicLastName',
        'p.rating as mechanicRating',
        'p.ratingCount as mechanicRatingCount',
        'p.completedJobs as mechanicCompletedJobs',
        // What a quote's card adds (lines.server.ts, LineContext), read with the bid rather than after it.
        'p.verifiedIa as mechanicVerifiedIa',
        'am.verdict as airmenVerdict',
        'am.month as airmenMonth',
        'am.ratings as airmenRatings',
      ])
      // Payable through Skyward: the mechanic's payouts are ready (docs/decisions/0230).
      .select((eb) =>
        eb
          .selectFrom('connectedAccounts as ca')
          .whereRef('ca.userId', '=', 'b.mechanicId')
          .select(sql<boolean>`ca.charges_enabled and ca.payouts_enabled`.as('p'))
          .as('mechanicPayable'),
      )
  );
}

type BidCardRow = Awaited<ReturnType<ReturnType<typeof bidsWithMechanic>['execute']>>[number];

/**
 * Quote cards from `bidsWithMechanic` rows, which carry their mechanic's rating count, verified IA
 * and airmen verdict: only the lines and the requests are read beside them.
 */
export function quoteCards(
  bids: BidCardRow[],
  lines: readonly LineRow[],
  requests: LineContext['requests'],
): BidWithLines[] {
  return attachLines(bids.map(toBid), {
    lines,
    verifiedIa: new Map(bids.map((b) => [b.mechanicId, b.mechanicVerifiedIa ?? false])),
    badges: new Map(
      bids.flatMap((b) => {
        const badge = airmenBadge({ verdict: b.airmenVerdict, month: b.airmenMonth, ratings: b.airmenRatings });
        return badge ? [[b.mechanicId, badge] as const] : [];
      }),
    ),
    requests,
  });
}

export { MATCHES_SHOWN };

/**
 * The matches a request's answer lists: the nearest MATCHES_SHOWN, and every mechanic who quoted
 * (the comparison shows their distance); a mechanic sees only their own. Bounded whatever the
 * number of mechanics in range (docs/decisions/0200). Each row also carries how many mechanics its
 * request matched in all, counted once per request (its owner's and admins' view only): a request
 * with no row listed has no match.
 */
async function matchesShown(db: Db, ids: string[], viewer: Viewer) {
  const mechanic = viewer.kind === 'mechanic';
  const shown = mechanic
    ? sql`(select ${viewer.userId}::uuid as mechanic_id)`
    : sql`((select n.mechanic_id from service_request_matches n where n.service_request_id = request.id
              order by n.distance_miles, n.mechanic_id limit ${MATCHES_SHOWN})
             union
             select b.mechanic_id from bids b where b.service_request_id = request.id)`;
  const total = mechanic
    ? sql`(select 0::bigint as n)`
    : sql`(select count(*) as n from service_request_matches c where c.service_request_id = request.id)`;
  const { rows } = await sql<{
    serviceRequestId: string;
    mechanicId: string;
    distanceMiles: number;
    firstName: string;
    lastName: string;
    rating: string | null;
    completedJobs: number | null;
    matchCount: string;
  }>`
    select m.service_request_id as "serviceRequestId", m.mechanic_id as "mechanicId", m.distance_miles as "distanceMiles",
           u.first_name as "firstName", u.last_name as "lastName", p.rating, p.completed_jobs as "completedJobs",
           total.n as "matchCount"
    from unnest(${ids}::uuid[]) as request(id)
    cross join lateral ${total} total
    cross join lateral ${shown} shown
    join service_request_matches m on m.service_request_id = request.id and m.mechanic_id = shown.mechanic_id
    join users u on u.id = m.mechanic_id
    left join mechanic_profiles p on p.user_id = m.mechanic_id
    order by m.distance_miles, m.mechanic_id`.execute(db);
  return rows;
}

/**
 * Adds quotes and matches to request rows, in one round trip of three statements whatever the
 * number of rows: the bids (with what their cards add), their lines, the matches shown with their
 * count. A list sends each quote's totals (per category too) and its number of lines, not the
 * lines: the owner's screen opens them on a quote, from the request's own answer
 * (docs/decisions/0205). The owner's list also marks the jobs that lost their mechanic.
 */
async function hydrate(
  db: Db,
  rows: RequestRow[],
  viewer: Viewer,
  detail: 'lines' | 'totals' = 'lines',
): Promise<ServiceRequest[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  // A mechanic sees their own quote and match only, never a competitor's price.
  const only = viewer.kind === 'mechanic' ? viewer.userId : undefined;
  let bidQuery = bidsWithMechanic(db).where('b.serviceRequestId', 'in', ids);
  if (only) bidQuery = bidQuery.where('b.mechanicId', '=', only);
  const [bids, matches, lines] = await Promise.all([
    bidQuery.orderBy('b.totalCost', 'asc').orderBy('b.createdAt', 'asc').execute(),
    matchesShown(db, ids, viewer),
    lineRowsOnRequests(db, ids, only),
  ]);
  const lined = quoteCards(bids, lines, new Map(rows.map((r) => [r.id, r]))).map((b) =>
    detail === 'lines' ? b : withoutLines(b),
  );
  return rows.map((r) => {
    const listed = matches.filter((m) => m.serviceRequestId === r.id);
    const view = requestView(
      r,
      lined.filter((b) => b.serviceRequestId === r.id),
      listed.map((m) => ({
        mechanicId: m.mechanicId,
        mechanicName: fullName(m),
        distanceMiles: m.distanceMiles,
        rating: m.rating === null ? 5 : Number(m.rating),
        completedJobs: m.completedJobs ?? 0,
      })),
      Number(listed[0]?.matchCount ?? 0),
      viewer,
    );
    return r.stopped === true ? { ...view, relistable: true } : view;
  });
}

/**
 * A request as `viewer` sees it, from its row, its quotes and the matches its answer lists
 * (`matchedMechanicsCount` counts them all; a mechanic's view counts only their own).
 */
export function requestView(
  r: RequestRow,
  quotes: ServiceRequest['quotes'],
  matchedMechanics: MatchedMechanic[],
  matchedMechanicsCount: number,
  viewer: Viewer,
): ServiceRequest {
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
    matchedMechanicsCount: viewer.kind === 'mechanic' ? matchedMechanics.length : matchedMechanicsCount,
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
}

/** A quote as a list sends it: its lines counted, not listed. */
function withoutLines<B extends { lines: unknown[] }>(bid: B): Omit<B, 'lines'> & { lineCount: number } {
  const { lines, ...rest } = bid;
  return { ...rest, lineCount: lines.length };
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

/** The owner's list pages newest first (docs/decisions/0201-cursor-paging.md). */
export const OWNER_REQUEST_KEYS: KeyColumn[] = [
  { ref: 'r.created_at', type: 'timestamptz' },
  { ref: 'r.id', type: 'uuid' },
];

export async function listCustomerRequests(
  db: Db,
  customerId: string,
  page: PageRequest,
): Promise<Paged<ServiceRequest>> {
  let query = requestsWithCustomer(db)
    .select(keyOf(OWNER_REQUEST_KEYS).as('pageKey'))
    .select((eb) => stoppedJob(eb).as('stopped'))
    .where('r.customerId', '=', customerId);
  if (page.after) query = query.where(afterKey(OWNER_REQUEST_KEYS, page.after, 'desc'));
  const rows = await query
    .orderBy('r.createdAt', 'desc')
    .orderBy('r.id', 'desc')
    .limit(page.limit + 1)
    .execute();
  const { rows: shown, nextCursor } = cut(rows, page.limit);
  return {
    rows: await hydrate(db, shown, { kind: 'owner', userId: customerId }, 'totals'),
    nextCursor,
  };
}

/** A mechanic's list pages by when each request reached them, newest first. */
export const MECHANIC_REQUEST_KEYS: KeyColumn[] = [
  { ref: 'm.created_at', type: 'timestamptz' },
  { ref: 'm.service_request_id', type: 'uuid' },
];

/**
 * The requests matched to a mechanic: every open one (matched or quoted), and any later one they
 * quoted on, so their quote history stays visible. Newest match first, a page at a time.
 */
export async function listMechanicRequests(
  db: Db,
  mechanicId: string,
  page: PageRequest,
): Promise<Paged<ServiceRequest>> {
  let query = requestsWithCustomer(db)
    .innerJoin('serviceRequestMatches as m', (join) =>
      join.onRef('m.serviceRequestId', '=', 'r.id').on('m.mechanicId', '=', mechanicId),
    )
    .select('m.distanceMiles')
    .select(keyOf(MECHANIC_REQUEST_KEYS).as('pageKey'))
    .where((eb) =>
      eb.or([
        eb('r.status', 'in', [...QUOTABLE_REQUEST_STATUSES]),
        eb.exists(
          eb
            .selectFrom('bids as mb')
            .select('mb.id')
            .whereRef('mb.serviceRequestId', '=', 'r.id')
            .where('mb.mechanicId', '=', mechanicId),
        ),
      ]),
    );
  if (page.after) query = query.where(afterKey(MECHANIC_REQUEST_KEYS, page.after, 'desc'));
  const rows = await query
    .orderBy('m.createdAt', 'desc')
    .orderBy('m.serviceRequestId', 'desc')
    .limit(page.limit + 1)
    .execute();
  const { rows: shown, nextCursor } = cut(rows, page.limit);
  return { rows: await hydrate(db, shown, { kind: 'mechanic', userId: mechanicId }), nextCursor };
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
