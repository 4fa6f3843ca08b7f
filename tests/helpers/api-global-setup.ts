import { mkdtempSync } from 'node:fs';
import type { Violation } from '../../src/server/db/invariants.server.ts';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { describeViolations, productDatabasesOf, violationsIn } from '../../scripts/lib/check-data.ts';
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

/**
 * The run ends with `npm run check:data` on its own databases (the shared one and each suite's
 * isolated one): a row breaking an invariant of the jobs' money and records fails the run, with
 * the rows and the operator's fix printed (docs/decisions/0320).
 */
export async function teardown(): Promise<void> {
  try {
    if (database) await checkData(database.url);
  } finally {
    await database?.stop();
  }
}

/**
 * Rows the run writes on purpose outside the product's paths, or a defect still open; each says
 * why. Everything else fails the run.
 * - Fixtures that write a completed job or signed entries straight into the tables (paging, the
 *   scale data, the dashboard counts) have no entry or several: the product's own completion drafts
 *   one in the same transaction (docs/decisions/0301), which the model test checks.
 */
const EXPECTED_IN_RUN: Array<{ why: string; matches: (v: Violation) => boolean }> = [
  { why: 'a fixture wrote the job or its entries by SQL', matches: (v) => v.invariant === 'entry-per-job' },
];

async function checkData(url: string): Promise<void> {
  let dirty = 0;
  const expected = new Map<string, number>();
  for (const db of await productDatabasesOf(url)) {
    const all = await violationsIn(db);
    const violations = all.filter((v) => {
      const known = EXPECTED_IN_RUN.find((e) => e.matches(v));
      if (known) expected.set(known.why, (expected.get(known.why) ?? 0) + 1);
      return !known;
    });
    if (!violations.length) continue;
    dirty += violations.length;
    console.error(describeViolations(violations, `(${new URL(db).pathname.slice(1)})`));
  }
  for (const [why, n] of expected) console.log(`check:data: ${n} row(s) expected in this run: ${why}`);
  if (dirty)
    throw new Error(`check:data: ${dirty} row(s) of the API run's databases break an invariant (listed above)`);
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}
