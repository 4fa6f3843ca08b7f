import { getDatabase } from '@netlify/db';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  /** Ends what this handle opened; a shared pool stays open. */
  release(): Promise<void>;
}

// Postgres `numeric` and `bigint` stay strings in pg (precision); `count(*)` is cast in queries.
const plugins = [new CamelCasePlugin()];

function kyselyOver(pool: ConstructorParameters<typeof PostgresDialect>[0]['pool']): Db {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
}

let shared: Db | undefined;

/**
 * Opens the database for one request. `DATABASE_URL` (any Postgres) wins; otherwise Netlify DB's
 * connection: a pg pool on a real server (local, tests, CI), kept for the process; Neon's
 * serverless pool in production, which must not outlive the request, so it is ended on release.
 */
export function openDb(): DbHandle {
  const override = process.env['DATABASE_URL'];
  if (override) {
    shared ??= kyselyOver(new pg.Pool({ connectionString: override, max: 10 }));
    return { db: shared, release: async () => {} };
  }
  const connection = getDatabase();
  if (connection.driver === 'server') {
    shared ??= kyselyOver(connection.pool);
    return { db: shared, release: async () => {} };
  }
  const db = kyselyOver(connection.pool as never);
  return { db, release: () => db.destroy() };
}

/** For scripts: one database for a connection string, destroyed by the caller. */
export function connectDb(connectionString: string): Db {
  return kyselyOver(new pg.Pool({ connectionString, max: 10 }));
}

/** Tests and scripts end the shared pool so the process can exit. */
export async function closeSharedDb(): Promise<void> {
  if (shared) {
    const db = shared;
    shared = undefined;
    await db.destroy();
  }
}
