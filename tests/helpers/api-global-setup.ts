import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startLocalDatabase, type LocalDatabase } from '../../scripts/lib/local-db.ts';
import { connectDb } from '../../src/server/db/client.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { MIGRATED_TEMPLATE } from './isolated-db.ts';

let database: LocalDatabase | undefined;

/** One real PostgreSQL for the API run: started from npm, migrated, thrown away afterwards. */
export async function setup(project: TestProject): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'api-tests-pg-'));
  database = await startLocalDatabase({ dataDir, persistent: false, quiet: true, scratch: true });
  const db = connectDb(database.url);
  await migrateToLatest(db);
  await db.destroy();
  // Copied from the shared database while no test is connected to it yet (a template must have
  // no connections while it is copied), so the copy has exactly the migrations the tests run on.
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  await admin.query(`create database ${MIGRATED_TEMPLATE} template app`);
  await admin.end();
  project.provide('databaseUrl', database.url);
}

export async function teardown(): Promise<void> {
  await database?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}
