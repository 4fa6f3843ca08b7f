import { afterAll, inject } from 'vitest';
import { closeSharedDb } from '../../src/server/db/client.ts';
import { resetEnvCache } from '../../src/server/env.ts';
import { closeTestDb } from './db.ts';
import { putBackAfterFile } from './put-back-after-file.ts';

// The API test files of a worker share one module graph (`isolate: false` in vitest.config.ts):
// this file runs before each of them and puts back, after each, what a file may change for the
// whole process, so no file sees another's environment, database or clock
// (docs/decisions/0330-api-tests-share-a-module-graph.md).
putBackAfterFile();

process.env['DATABASE_URL'] = inject('databaseUrl');
process.env['JWT_SECRET'] ??= 'test-jwt-secret-that-is-long-enough-0123456789';
process.env['CONFIG_ENCRYPTION_KEY'] ??= Buffer.alloc(32, 7).toString('base64');
resetEnvCache();

// Registered after the put-back, so it runs before it (after-hooks run last registered first):
// the connections close while the file's environment is still in place.
afterAll(async () => {
  await closeSharedDb();
  await closeTestDb();
});
