import { sql, type Selectable, type SqlBool } from 'kysely';
import type { MatchedMechanic, ServiceRequest } from '../../contract/service-requests.ts';
import type { Db } from '../../server/db/client.ts';
import type { ServiceRequestsTable } from '../../server/db/tables/marketplace.ts';
import { notFound } from '../../server/http/errors.ts';
import { isUuid } from '../../contract/ids.ts';
import { fullName } from '../../server/db/full-name.ts';
import { dateOrNull, iso, numOrNull } from './mappers.server.ts';
import { MATCHES_SHOWN } from './matches-shown.ts';
import { QUOTABLE_REQUEST_STATUSES } from '../../contract/machines.ts';
import { lineRowsOnRequests } from './lines.server.ts';
import { bidsWithMechanic, quoteCards } from './quote-cards.server.ts';

// A service request as the one looking may see it: its owner and admins every quote and match, a
// mechanic only their own. One reading, with its quotes and matches in three statements, for the
// single request and for the lists.

export type RequestRow = Selectable<ServiceRequestsTable> & {
  customerFirstName: string;
  customerLastName: string;
  distanceMiles?: number | null;
  /** The owner's list: the job lost its mechanic, so the owner may re-list it. */
  stopped?: SqlBool;
};

/** Who is looking decides what a request shows: its owner and admins see every quote and match. */
export type Viewer = { kind: 'owner' | 'admin'; userId: string } | { kind: 'mechanic'; userId: string };

export const requestNotFound = () => notFound('Service request not found');

export function requestsWithCustomer(db: Db) {
  return db
    .selectFrom('serviceRequests as r')
    .innerJoin('users as c', 'c.id', 'r.customerId')
    .selectAll('r')
    .select(['c.firstName as customerFirstName', 'c.lastName as customerLastName']);
}

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
export async function hydrate(
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
