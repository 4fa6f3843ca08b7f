import type { ServiceRequest } from '../../contract/service-requests.ts';
import type { Db } from '../../server/db/client.ts';
import { QUOTABLE_REQUEST_STATUSES } from '../../contract/machines.ts';
import { stoppedJob } from './stopped-jobs.server.ts';
import { afterKey, cut, keyOf, type KeyColumn, type PageRequest, type Paged } from '../../server/http/paging.ts';
import { hydrate, requestsWithCustomer } from './request-view.server.ts';

// The owner's and the mechanic's lists of requests, each paged by cursor in its own order.

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
