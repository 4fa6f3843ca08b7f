import { sql } from 'kysely';
import pg from 'pg';
import { poolOptions } from './client.ts';
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
    await checkNewConnection();
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    console.error('health check: database query failed:', error instanceof Error ? error.message : error);
    throw new HttpError(503, 'The database check failed', {
      headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
    });
  }
  return { database: 'ok' };
}

/**
 * A pool answers from a connection it already holds, so a server that refuses new connections
 * (57P03: shutting down, starting, in recovery) looked healthy while every new function instance
 * would fail. The check also opens one new connection. On Neon the request's
 * pool is new already (client.ts), so this applies where the pool is kept: a server driver.
 */
async function checkNewConnection(): Promise<void> {
  const url =
    process.env['DATABASE_URL'] ||
    (process.env['NETLIFY_DB_DRIVER'] === 'server' ? process.env['NETLIFY_DB_URL'] : undefined);
  if (!url) return;
  const client = new pg.Client(poolOptions(url));
  client.on('error', () => {}); // a failure is reported by connect() or query()
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    await client.end().catch(() => {});
  }
}
