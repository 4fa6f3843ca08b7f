import { sql } from 'kysely';
import type { Db } from '../../server/db/client.ts';

/** Emails a day to one address nobody has proven they own (docs/decisions/0097). */
export const UNVERIFIED_EMAILS_PER_DAY = 3;
const DAY_SECONDS = 86_400;

/**
 * Counts one email to `address` in today's window and says whether it may go. Anyone can type
 * anyone's address into an anonymous form, so each address gets at most 3 such emails a day; the
 * rest are dropped silently (the form's answer must not reveal the count). One fixed daily window
 * in `rate_limit_hits`, counted atomically by the upsert.
 */
export async function allowEmailTo(db: Db, address: string, perDay = UNVERIFIED_EMAILS_PER_DAY): Promise<boolean> {
  const windowStart = new Date(Math.floor(Date.now() / (DAY_SECONDS * 1000)) * DAY_SECONDS * 1000);
  const row = await db
    .insertInto('rateLimitHits')
    .values({ bucket: `email-to:${address.trim().toLowerCase()}`, windowStart, hits: 1 })
    .onConflict((oc) => oc.columns(['bucket', 'windowStart']).doUpdateSet({ hits: sql`rate_limit_hits.hits + 1` }))
    .returning('hits')
    .executeTakeFirstOrThrow();
  return row.hits <= perDay;
}

/**
 * The only visitor-typed text an email to an unverified address may carry: a first name that looks
 * like one (letters, spaces, hyphens, apostrophes, periods; at most 40 characters), else 'there'.
 * A "first name" of `Win a prize at evil.example` is not repeated to whoever owns the address.
 */
export function safeFirstName(name: string): string {
  const trimmed = name.trim();
  return /^[\p{L}][\p{L}\p{M}' .-]{0,39}$/u.test(trimmed) && !/\.\s*\p{L}{2,}/u.test(trimmed) ? trimmed : 'there';
}
