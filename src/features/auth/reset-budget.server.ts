import { sql } from 'kysely';
import type { Db } from '../../server/db/client.ts';
import type { TrustedDevice } from './device-cookie.server.ts';

/**
 * Password-reset emails to an existing account (docs/decisions/0181, amended by
 * docs/decisions/0341-resets-and-sign-in-a-stranger-cannot-spend.md). They never share the
 * anonymous forms' budget (0097). Who asks decides whose budget is spent, all per day:
 * - a browser that signed in to this very account before (its signed device cookie): its own
 *   `perKnownDevicePerDay`, never counted against the strangers' total, so nobody else can use
 *   up the owner's resets;
 * - anyone else: `perClientPerDay` per client address (the /64 of IPv6), and `perAccountPerDay`
 *   for all of them together, so many addresses cannot flood one mailbox.
 */
export const RESET_EMAILS = { perClientPerDay: 3, perAccountPerDay: 10, perKnownDevicePerDay: 5 } as const;
const DAY_MS = 86_400_000;

/** Who asks for a reset: the client address, and the browser's device cookie when it has a valid one. */
export interface ResetRequester {
  clientKey: string;
  device: TrustedDevice | null;
}

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

/** Counts one reset email to `userId` asked by `requester`, and says whether it may go. */
export async function allowResetEmail(db: Db, userId: string, requester: ResetRequester): Promise<boolean> {
  const { clientKey, device } = requester;
  if (device && device.userId === userId)
    return (await count(db, `reset-device:${userId}:${device.deviceId}`)) <= RESET_EMAILS.perKnownDevicePerDay;
  if ((await count(db, `reset-from:${userId}:${clientKey}`)) > RESET_EMAILS.perClientPerDay) return false;
  return (await count(db, `reset-to:${userId}`)) <= RESET_EMAILS.perAccountPerDay;
}
