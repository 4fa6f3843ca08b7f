import { sql } from 'kysely';
import { HttpError } from '../http/errors.ts';
import type { Db } from './client.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './unavailable.ts';

/**
 * One round trip to the database. When it is unreachable, frozen or timing out the error goes to
 * `withApi`, which answers 503 with Retry-After like every other route (the health check sees
 * what a visitor would see). Any other failure is also a 503 here, never a detail about why.
 */
export async function checkDatabase(db: Db): Promise<{ database: 'ok' }> {
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    console.error('health check: database query failed:', error instanceof Error ? error.message : error);
    throw new HttpError(503, 'The database check failed', {
      headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
    });
  }
  return { database: 'ok' };
}
