import { sql } from 'kysely';
import type { Db } from '../../server/db/client.ts';

/**
 * Password-reset emails to an existing account (issue 27, point 5; docs/decisions/0181). They
 * never share the anonymous forms' budget of 3 emails a day to an address (0097): three public
 * quotes naming a user's address used it up, and their reset then sent nothing. A reset has its
 * own counters, both per day: per account and client address, so a stranger aiming at someone's
 * account uses up only their own share, and per account overall, so many addresses together
 * still cannot flood one mailbox.
 */
export const RESET_EMAILS = { perClientPerDay: 3, perAccountPerDay: 10 } as const;
const DAY_MS = 86_400_000;

async function count(db: Db, bucket: string): Promise<number> {
  const windowStart = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS);
  const row = await db
    .insertInto('rateLimitHits')
    .values({ bucket, windowStart, hits: 1 })
    .onConflict((oc) => oc.columns(['bucket', 'windowStart']).doUpdateSet({ hits: sql`rate_limit_hits.hits + 1` }))
    .returning('hits')
    .executeTakeFirstOrThrow();
  return row.hits;
}

/** Counts one reset email to `userId` asked from `clientKey`, and says whether it may go. */
export async function allowResetEmail(db: Db, userId: string, clientKey: string): Promise<boolean> {
  if ((await count(db, `reset-from:${userId}:${clientKey}`)) > RESET_EMAILS.perClientPerDay) return false;
  return (await count(db, `reset-to:${userId}`)) <= RESET_EMAILS.perAccountPerDay;
}
