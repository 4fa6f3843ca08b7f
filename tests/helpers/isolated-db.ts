import pg from 'pg';
import { closeSharedDb, connectDb, type Db } from '../../src/server/db/client.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';

/**
 * A migrated database nobody connects to, made by the global setup (tests/helpers/api-global-setup.ts):
 * a file that needs a database of its own copies it instead of running every migration again.
 */
export const MIGRATED_TEMPLATE = 'api_tests_template';

/**
 * A database of this test file's own, in the same PostgreSQL server, for suites that act on whole
 * tables (the outbox delivery run takes every due message; the primary API key is global) and so
 * must not share rows with suites running in parallel. Call in `beforeAll`; functions called
 * afterwards use it. The database is a copy of the one the global setup migrated (a file copy
 * inside PostgreSQL, not the migrations again); migrating it afterwards finds nothing to do and
 * proves the copy is at the latest migration.
 */
export async function useIsolatedDatabase(): Promise<Db> {
  const base = new URL(process.env['DATABASE_URL']!);
  const name = `isolated_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base.href });
  await admin.connect();
  await admin.query(`create database ${name} template ${MIGRATED_TEMPLATE}`);
  await admin.end();
  base.pathname = `/${name}`;
  process.env['DATABASE_URL'] = base.href;
  await closeSharedDb();
  const db = connectDb(base.href);
  await migrateToLatest(db);
  return db;
}

/**
 * Drops a database made by `useIsolatedDatabase` (call in `afterAll`), for a suite whose rows are
 * deliberately left broken (the model-based test of the job, while invariants are known open) and
 * must not reach the run's final data check.
 */
export async function dropIsolatedDatabase(db: Db): Promise<void> {
  await db.destroy();
  await closeSharedDb();
  const url = new URL(process.env['DATABASE_URL']!);
  const name = url.pathname.slice(1);
  if (!/^isolated_\d+_\d+$/.test(name)) throw new Error(`Not an isolated database: ${name}`);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.href });
  await admin.connect();
  try {
    await admin.query(`drop database ${name} with (force)`);
  } finally {
    await admin.end();
  }
}
