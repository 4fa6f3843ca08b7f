import { sql } from 'kysely';
import type { Db } from '../db/client.ts';
import { tooManyRequests } from './errors.ts';

export interface RateLimit {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

/**
 * Fixed-window counter in Postgres: functions keep no memory between calls (each local call is a
 * fresh worker, production scales out), so the count lives where every instance sees it.
 * Throws 429 with a Retry-After once `limit` is passed within the window.
 */
export async function enforceRateLimit(db: Db, bucket: string, { limit, windowSeconds }: RateLimit): Promise<void> {
  const nowMs = Date.now();
  const windowStartMs = Math.floor(nowMs / (windowSeconds * 1000)) * windowSeconds * 1000;
  const row = await db
    .insertInto('rateLimitHits')
    .values({ bucket, windowStart: new Date(windowStartMs), hits: 1 })
    .onConflict((oc) => oc.columns(['bucket', 'windowStart']).doUpdateSet({ hits: sql`rate_limit_hits.hits + 1` }))
    .returning('hits')
    .executeTakeFirstOrThrow();
  if (row.hits > limit) {
    const retryAfter = Math.max(1, Math.ceil((windowStartMs + windowSeconds * 1000 - nowMs) / 1000));
    const minutes = Math.ceil(retryAfter / 60);
    throw tooManyRequests(
      `Too many submissions from your network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      retryAfter,
    );
  }
  // Old windows are useless; trimming a few on each write keeps the table small without a job.
  if (Math.random() < 0.05) {
    await db
      .deleteFrom('rateLimitHits')
      .where('windowStart', '<', new Date(nowMs - 24 * 3600 * 1000))
      .execute();
  }
}
