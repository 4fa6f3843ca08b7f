import { sql } from 'kysely';
import type { Db } from '../../server/db/client.ts';
import { toBid } from './mappers.server.ts';
import { attachLines, type BidWithLines, type LineContext, type LineRow } from './lines.server.ts';
import { airmenBadge } from './airmen-verdicts.server.ts';

// A quote as its card shows it: the bid with its mechanic's name, rating, verified IA, airmen verdict
// and payouts read in the same statement, and its lines attached. A request's answer and the bid
// endpoints build their cards here.

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
