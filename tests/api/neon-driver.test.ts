import { neonConfig } from '@neondatabase/serverless';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeSharedDb, type Db } from '../../src/server/db/client.ts';
import { uniqueEmail } from '../helpers/api.ts';
import { freePort } from '../../scripts/lib/local-db.ts';
import { useIsolatedDatabase } from '../helpers/isolated-db.ts';
import { bid, createRequest, mechanicWithProfile, validRequest } from '../helpers/marketplace.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { startWsProxy, type WsProxy } from '../../scripts/lib/ws-proxy.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { validQuote } from '../helpers/quote-form.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';

// The production database path: Netlify DB's environment (NETLIFY_DB_URL, NETLIFY_DB_DRIVER=
// serverless), `@netlify/db`'s getDatabase() choosing Neon's serverless driver, which speaks the
// Postgres protocol over a WebSocket. A local WebSocket-to-TCP proxy stands where Neon's proxy is.
let db: Db;
let proxy: WsProxy;
let pilot: TestUser;
let mechanic: TestUser;
let rival: TestUser;
const saved = { ...neonConfig };

beforeAll(async () => {
  db = await useIsolatedDatabase();
  // Users and profiles are made over the server driver first (fixtures, not what is tested).
  pilot = await createUser('pilot');
  mechanic = await mechanicWithProfile({ baseLocation: 'KAMA', serviceRadius: 15 });
  rival = await mechanicWithProfile({ baseLocation: 'KAMA', serviceRadius: 15 });

  proxy = await startWsProxy();
  neonConfig.wsProxy = (host, port) => `127.0.0.1:${proxy.port}/v1?address=${host}:${port}`;
  neonConfig.useSecureWebSocket = false;
  neonConfig.pipelineTLS = false;
  neonConfig.pipelineConnect = false;
  process.env['NETLIFY_DB_URL'] = process.env['DATABASE_URL']!;
  process.env['NETLIFY_DB_DRIVER'] = 'serverless';
  delete process.env['DATABASE_URL'];
  await closeSharedDb();
});

afterAll(async () => {
  process.env['DATABASE_URL'] = process.env['NETLIFY_DB_URL'];
  delete process.env['NETLIFY_DB_DRIVER'];
  delete process.env['NETLIFY_DB_URL'];
  Object.assign(neonConfig, saved);
  await proxy.close();
  await db.destroy();
});

/** Every request went over the WebSocket driver, and closed its connections when it answered. */
async function overTheProxy<T>(request: () => Promise<T>): Promise<T> {
  const before = proxy.opened;
  const result = await request();
  expect(proxy.opened).toBeGreaterThan(before);
  await vi.waitFor(() => expect(proxy.open).toBe(0), { timeout: 2_000 });
  return result;
}

describe('Neon serverless driver through openDb()', () => {
  it('signs in', async () => {
    const res = await overTheProxy(() =>
      callRoute(ROUTES.authLogin, { body: { email: pilot.email, password: pilot.password } }),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.user).toMatchObject({ email: pilot.email, role: 'pilot' });
    expect(typeof res.body.access_token).toBe('string');
    const wrong = await overTheProxy(() =>
      callRoute(ROUTES.authLogin, { body: { email: pilot.email, password: 'Wrong-Horse-9' } }),
    );
    expect(wrong.status).toBe(401);
  });

  it('takes a quote request, and its outbox rows in the same transaction', async () => {
    const email = uniqueEmail('neon');
    const res = await overTheProxy(() =>
      callRoute(ROUTES.quoteSubmit, {
        body: validQuote({ returnEmail: email }),
      }),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.success).toBe(true);
    const row = await db
      .selectFrom('quotes')
      .select(['id', 'totalHours'])
      .where('returnEmail', '=', email)
      .executeTakeFirstOrThrow();
    expect(Number(row.totalHours)).toBe(4200);
    const acks = await db.selectFrom('outbox').select('id').where('toAddress', '=', email).execute();
    expect(acks).toHaveLength(1);
  });

  it('creates a service request, takes bids, and lets exactly one of two simultaneous accepts win (row lock)', async () => {
    const request = await overTheProxy(() =>
      createRequest(pilot, { serviceLocation: 'KAMA', aircraftLocation: 'KAMA' }),
    );
    expect(request.status).toBe('matched');
    expect(request.matchedMechanics.map((m) => m.mechanicId).sort()).toEqual([mechanic.id, rival.id].sort());
    const a = await overTheProxy(() => bid(mechanic, request.id));
    const b = await bid(rival, request.id);
    const results = await Promise.all([
      callRoute(ROUTES.requestAccept, { params: { id: request.id }, body: { bidId: a.id }, as: pilot }),
      callRoute(ROUTES.requestAccept, { params: { id: request.id }, body: { bidId: b.id }, as: pilot }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const won = results.find((r) => r.status === 200)!;
    expect(won.body.appointment.id).toEqual(expect.any(String));
    const bids = await db
      .selectFrom('bids')
      .select(['id', 'status'])
      .where('serviceRequestId', '=', request.id)
      .execute();
    expect(bids.map((x) => x.status).sort()).toEqual(['accepted', 'declined']);
    await vi.waitFor(() => expect(proxy.open).toBe(0), { timeout: 2_000 });
  });

  it('a row lock held elsewhere: the accept gives up after the lock timeout with 503, then works', async () => {
    const request = await createRequest(pilot, {
      serviceLocation: 'KAMA',
      aircraftLocation: 'KAMA',
      aircraftTailNumber: validRequest().aircraftTailNumber,
    });
    const quote = await bid(mechanic, request.id);
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = db.transaction().execute(async (trx) => {
      await trx.selectFrom('serviceRequests').select('id').where('id', '=', request.id).forUpdate().execute();
      locked();
      await held;
    });
    await lockTaken;
    const logged: string[] = [];
    const spy = vi
      .spyOn(console, 'error')
      .mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
    const started = performance.now();
    let res;
    try {
      res = await callRoute(ROUTES.requestAccept, { params: { id: request.id }, body: { bidId: quote.id }, as: pilot });
    } finally {
      spy.mockRestore();
      letGo();
      await holder;
    }
    const ms = performance.now() - started;
    expect(res.status, res.text).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(ms).toBeGreaterThan(2_500); // lock_timeout is 3 s
    expect(ms).toBeLessThan(6_000);
    expect(logged.join('\n')).toMatch(/503 database unavailable: 55P03/);

    const again = await callRoute(ROUTES.requestAccept, {
      params: { id: request.id },
      body: { bidId: quote.id },
      as: pilot,
    });
    expect(again.status, again.text).toBe(200);
  });

  it('an unreachable proxy or database: 503 with Retry-After, then recovers', async () => {
    const logged: string[] = [];
    const spy = vi
      .spyOn(console, 'error')
      .mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
    const working = neonConfig.wsProxy;
    const nobody = await freePort();
    neonConfig.wsProxy = (host, port) => `127.0.0.1:${nobody}/v1?address=${host}:${port}`;
    let res;
    const started = performance.now();
    try {
      res = await callRoute(ROUTES.health);
    } finally {
      neonConfig.wsProxy = working;
      spy.mockRestore();
    }
    expect(res.status, res.text).toBe(503);
    expect(detailOf(res)).toMatch(/briefly unavailable/);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(performance.now() - started).toBeLessThan(6_000);
    expect(logged.filter((l) => l.includes('503 database unavailable'))).toHaveLength(1);
    const back = await callRoute(ROUTES.health);
    expect(back.status).toBe(200);
    expect(back.body).toEqual({ database: 'ok' });
  });
});
