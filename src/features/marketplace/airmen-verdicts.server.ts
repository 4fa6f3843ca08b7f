import { verdictSentence, type AirmenMatch, type MechanicRating } from '../../contract/airmen-file.ts';
import type { Db } from '../../server/db/client.ts';

// Reading the stored verdicts (docs/decisions/0120), kept apart from the matching so the
// marketplace's functions that show a badge do not bundle the import.

/** The stored verdicts of these mechanics. */
export async function airmenMatchesOf(db: Db, mechanicIds: readonly string[]): Promise<Map<string, AirmenMatch>> {
  const out = new Map<string, AirmenMatch>();
  if (mechanicIds.length === 0) return out;
  const rows = await db
    .selectFrom('mechanicAirmenMatches')
    .selectAll()
    .where('mechanicId', 'in', [...new Set(mechanicIds)])
    .execute();
  for (const r of rows) {
    const ratings = knownRatings(r.ratings);
    out.set(r.mechanicId, {
      verdict: r.verdict,
      month: r.month,
      sentence: verdictSentence(r.verdict, r.month, ratings),
      ratings,
      candidates: r.candidates,
      checkedAt: r.checkedAt.toISOString(),
    });
  }
  return out;
}

const knownRatings = (ratings: readonly string[]) => ratings.filter((x): x is MechanicRating => x === 'A' || x === 'P');

/** The badge of one stored verdict, read beside other rows (a list's bids): its sentence for a single match. */
export function airmenBadge(stored: {
  verdict: AirmenMatch['verdict'] | null;
  month: string | null;
  ratings: readonly string[] | null;
}): string | undefined {
  if (stored.verdict !== 'match' || stored.month === null) return undefined;
  return verdictSentence(stored.verdict, stored.month, knownRatings(stored.ratings ?? []));
}

/** What a pilot may see: the sentence of a single match, nothing for no match or several. */
export async function airmenBadgesOf(db: Db, mechanicIds: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const [id, m] of await airmenMatchesOf(db, mechanicIds)) if (m.verdict === 'match') out.set(id, m.sentence);
  return out;
}
