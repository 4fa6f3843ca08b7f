import { afterAll, inject } from 'vitest';
import { closeSharedDb } from '../../src/server/db/client.ts';
import { resetEnvCache } from '../../src/server/env.ts';

process.env['DATABASE_URL'] = inject('databaseUrl');
process.env['JWT_SECRET'] ??= 'test-jwt-secret-that-is-long-enough-0123456789';
process.env['CONFIG_ENCRYPTION_KEY'] ??= Buffer.alloc(32, 7).toString('base64');
resetEnvCache();

afterAll(async () => {
  await closeSharedDb();
});
