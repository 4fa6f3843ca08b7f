import type { Db } from '../../server/db/client.ts';

/**
 * How many ratings each mechanic's average is made of (a quote shows "4.8 (12)"), counted once per
 * mechanic in one statement. Counted in each bid's row instead, a mechanic with 2,400 ratings had
 * them counted again for each of their bids on a page: 16 ms of a 20-row list.
 */
async function countRatings(db: Db, mechanics: { ids: string[] } | { bidsOn: string[]; only?: string }) {
  const base = db.selectFrom('ratings').select((eb) => ['mechanicId', eb.fn.countAll<string>().as('n')]);
  let query;
  if ('ids' in mechanics) {
    if (mechanics.ids.length === 0) return new Map<string, number>();
    query = base.where('mechanicId', 'in', mechanics.ids);
  } else {
    if (mechanics.bidsOn.length === 0) return new Map<string, number>();
    let bidders = db
      .selectFrom('bids')
      .select('bids.mechanicId')
      .where('bids.serviceRequestId', 'in', mechanics.bidsOn);
    if (mechanics.only) bidders = bidders.where('bids.mechanicId', '=', mechanics.only);
    query = base.where('mechanicId', 'in', bidders);
  }
  const rows = await query.groupBy('mechanicId').execute();
  return new Map(rows.map((r) => [r.mechanicId, Number(r.n)]));
}

/** The rating counts of the mechanics who quoted on `requestIds` (only `only`'s, when named). */
export function bidderRatingCounts(db: Db, requestIds: string[], only?: string): Promise<Map<string, number>> {
  return countRatings(db, only ? { bidsOn: requestIds, only } : { bidsOn: requestIds });
}

/** The rating counts of `mechanicIds`. */
export function ratingCounts(db: Db, mechanicIds: string[]): Promise<Map<string, number>> {
  return countRatings(db, { ids: [...new Set(mechanicIds)] });
}

/** `rows` with their mechanic's rating count (0 for a mechanic never rated). */
export function withRatingCounts<R extends { mechanicId: string }>(
  rows: R[],
  counts: Map<string, number>,
): Array<R & { mechanicRatingCount: number }> {
  return rows.map((r) => ({ ...r, mechanicRatingCount: counts.get(r.mechanicId) ?? 0 }));
}
