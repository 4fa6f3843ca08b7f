import { sql } from 'kysely';
import { WRITE_CAPS, WRITE_CAP_MESSAGES, type WriteCap } from '../../contract/write-caps.ts';
import type { Db } from '../db/client.ts';
import { tooManyRequests } from './errors.ts';

/**
 * Counts one write against a cap of WRITE_CAPS for `subject` (a user id, a job id) and refuses it
 * with 429 when over. The same fixed-window counter as the per-IP limits (rate_limit_hits).
 */
export async function enforceWriteCap(db: Db, cap: WriteCap, subject: string): Promise<void> {
  const { limit, windowSeconds } = WRITE_CAPS[cap];
  const nowMs = Date.now();
  const windowStartMs = Math.floor(nowMs / (windowSeconds * 1000)) * windowSeconds * 1000;
  const row = await db
    .insertInto('rateLimitHits')
    .values({ bucket: `cap:${cap}:${subject}`, windowStart: new Date(windowStartMs), hits: 1 })
    .onConflict((oc) => oc.columns(['bucket', 'windowStart']).doUpdateSet({ hits: sql`rate_limit_hits.hits + 1` }))
    .returning('hits')
    .executeTakeFirstOrThrow();
  if (row.hits > limit) {
    const retryAfter = Math.max(1, Math.ceil((windowStartMs + windowSeconds * 1000 - nowMs) / 1000));
    throw tooManyRequests(WRITE_CAP_MESSAGES[cap](retryAfter), retryAfter);
  }
}
