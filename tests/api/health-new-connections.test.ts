import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSharedDb } from '../../src/server/db/client.ts';
import { startOwnPostgres, type OwnPostgres } from '../helpers/own-postgres.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute } from '../helpers/call-route.ts';

// /api/health stayed "ok" while the server refused new connections (57P03),
// answering from a connection its pool already held. A server of this file's own, shut down the
// "smart" way: sessions already open go on, every new connection is refused with 57P03.

let server: OwnPostgres;
beforeAll(async () => {
  server = await startOwnPostgres();
  process.env['DATABASE_URL'] = server.url;
  await closeSharedDb();
});
afterAll(async () => {
  await closeSharedDb();
  await server.destroy();
});

describe('GET /api/health', () => {
  it('answers 503 when new connections are refused, though a pooled one still answers', async () => {
    const ok = await callRoute(ROUTES.health);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ database: 'ok' });

    process.kill(server.postmasterPid(), 'SIGTERM'); // smart shutdown: open sessions stay
    // The pool's own connection still answers: what the check used to see.
    const pooled = await callRoute(ROUTES.blogCategories);
    expect(pooled.status).toBe(200);
    const refused = await callRoute(ROUTES.health);
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.text).not.toMatch(/57P03|shutting down|postgres/i);
  });
});
