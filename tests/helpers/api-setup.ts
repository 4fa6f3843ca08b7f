import { afterAll, inject, vi } from 'vitest';
import { closeSharedDb } from '../../src/server/db/client.ts';
import { resetEnvCache } from '../../src/server/env.ts';
import { closeTestDb } from './db.ts';

// The API test files of a worker share one module graph (`isolate: false` in vitest.config.ts):
// this file runs before each of them and puts back, after each, what a file may change for the
// whole process, so no file sees another's environment, database or clock
// (docs/decisions/0330-api-tests-share-a-module-graph.md).
const environment = { ...process.env };

process.env['DATABASE_URL'] = inject('databaseUrl');
process.env['JWT_SECRET'] ??= 'test-jwt-secret-that-is-long-enough-0123456789';
process.env['CONFIG_ENCRYPTION_KEY'] ??= Buffer.alloc(32, 7).toString('base64');
resetEnvCache();

afterAll(async () => {
  await closeSharedDb();
  await closeTestDb();
  for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
  Object.assign(process.env, environment);
  resetEnvCache();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});
