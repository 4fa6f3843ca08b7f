import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import deliverOutbox from '../../netlify/functions/deliver-outbox.ts';
import { closeSharedDb, connectDb, type Db } from '../../src/server/db/client.ts';
import { uniqueEmail, type ApiResult } from '../helpers/api.ts';
import { startOwnPostgres, type OwnPostgres } from '../helpers/own-postgres.ts';
import { validQuote } from '../helpers/quote-form.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute } from '../helpers/call-route.ts';

const quote = () =>
  validQuote({
    returnEmail: uniqueEmail('fault'),
    currentProvider: '',
    message: 'Annual due next month.',
    emailUpdates: false,
  });

// The product's answers while its database is stopped or frozen, and that it recovers by itself.
let server: OwnPostgres;
let db: Db;

/** What a client sees, and how long it took. */
async function timed(request: Promise<ApiResult>): Promise<ApiResult & { ms: number }> {
  const started = performance.now();
  const res = await request;
  return { ...res, ms: performance.now() - started };
}

const unavailableCalls = () => [
  timed(callRoute(ROUTES.health)),
  timed(callRoute(ROUTES.blogCategories)),
  timed(callRoute(ROUTES.blogPosts)),
  timed(callRoute(ROUTES.quoteSubmit, { body: quote() })),
  timed(
    callRoute(ROUTES.leadCapture, {
      body: { firstName: 'Down', email: uniqueEmail('lead'), source: 'popup_discount_offer' },
    }),
  ),
  timed(callRoute(ROUTES.authLogin, { body: { email: 'nobody@example.com', password: 'Whatever-123' } })),
];

function expectUnavailable(results: Array<ApiResult & { ms: number }>, logged: string[]) {
  for (const res of results) {
    expect(res.status, res.text).toBe(503);
    expect(res.body.detail).toMatch(/briefly unavailable/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.ms).toBeLessThan(6_000);
    expect(res.text).not.toMatch(/postgres|127\.0\.0\.1|stack/i);
    // One log line per request, naming its request id (the reference the visitor was given).
    const reference = /Reference: ([0-9a-f-]{36})/.exec(res.body.detail)?.[1];
    expect(reference).toBeDefined();
    expect(logged.filter((line) => line.includes(reference!))).toHaveLength(1);
  }
}

async function expectWorking() {
  const health = await callRoute(ROUTES.health);
  expect(health.status, health.text).toBe(200);
  expect(health.body).toEqual({ database: 'ok' });
  const q = quote();
  const saved = await callRoute(ROUTES.quoteSubmit, { body: q });
  expect(saved.status, saved.text).toBe(200);
  const row = await db.selectFrom('quotes').select('id').where('returnEmail', '=', q.returnEmail).executeTakeFirst();
  expect(row).toBeDefined();
}

/** Polls until the product answers again, without restarting anything. */
async function recovered(withinMs: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    const res = await callRoute(ROUTES.health);
    if (res.status === 200) return performance.now() - started;
    expect(res.status).toBe(503);
    if (performance.now() - started > withinMs) throw new Error(`still ${res.status} after ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  server = await startOwnPostgres();
  process.env['DATABASE_URL'] = server.url;
  await closeSharedDb();
  db = connectDb(server.url);
}, 120_000);

afterAll(async () => {
  server.thaw();
  await db.destroy();
  await closeSharedDb();
  await server.destroy();
});

describe('GET /api/health', () => {
  it('answers 200 { database: "ok" } and nothing else', async () => {
    const res = await callRoute(ROUTES.health);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ database: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('database faults', () => {
  it('a frozen database server: every route answers 503 with Retry-After within 6 s, then recovers by itself', async () => {
    await expectWorking(); // the pool holds live connections to the server about to freeze
    const logged: string[] = [];
    const spy = vi
      .spyOn(console, 'error')
      .mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
    try {
      server.freeze();
      expectUnavailable(await Promise.all(unavailableCalls()), logged);
      // Still frozen: a second round (the pool's connections are all stuck or gone) answers alike.
      expectUnavailable(await Promise.all(unavailableCalls()), logged);
    } finally {
      server.thaw();
      spy.mockRestore();
    }
    expect(await recovered(10_000)).toBeLessThan(10_000);
    await expectWorking();
    // No connection was left wedged behind an answer it waited for while frozen.
    const burst = await Promise.all(Array.from({ length: 20 }, () => timed(callRoute(ROUTES.blogCategories))));
    for (const res of burst) {
      expect(res.status).toBe(200);
      expect(res.ms).toBeLessThan(3_000);
    }
  });

  it('a stopped database server: 503 at once, then recovers when it is started again', async () => {
    const logged: string[] = [];
    const spy = vi
      .spyOn(console, 'error')
      .mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
    try {
      await server.stop();
      const results = await Promise.all(unavailableCalls());
      expectUnavailable(results, logged);
      for (const res of results) expect(res.ms).toBeLessThan(2_000);
      // The scheduled delivery run says so in one line and waits for the next minute.
      const run = await deliverOutbox();
      expect(run.status).toBe(503);
      expect(logged.filter((l) => l.startsWith('outbox delivery skipped, database unavailable: '))).toHaveLength(1);
      await server.start();
    } finally {
      spy.mockRestore();
    }
    expect(await recovered(10_000)).toBeLessThan(10_000);
    await expectWorking();
  });
});
