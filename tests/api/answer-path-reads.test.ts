import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { afterAnswersSettled } from '../../src/server/http/after-answer.ts';
import { api } from '../helpers/api.ts';
import { useIsolatedDatabase } from '../helpers/isolated-db.ts';
import { bid, createRequest, mechanicWithProfile, validRequest } from '../helpers/marketplace.ts';
import { createUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute } from '../helpers/call-route.ts';

// What the scale budgets' calls read (docs/decisions/0280): a new request answers from what its
// own transaction wrote, without reading the request, its quotes or its matches back; a request
// list reads no ratings at all: how many ratings each quoting mechanic's average is made of is kept
// on their profile (docs/decisions/0300). Counted per quote, a mechanic with 2,400 ratings quoting
// 16 requests of a page had them counted 16 times; counted once per page, they still cost a
// statement and a millisecond of every owner's page. Every statement a call sends
// is recorded, and each SELECT is run again under EXPLAIN ANALYZE to see how often it read
// `ratings`. Its own database: the statements of other suites must not be recorded.

const recorded: Array<{ text: string; values: unknown[] }> = [];
const originalQuery = pg.Client.prototype.query;
let recording = false;

function record(this: pg.Client, ...args: unknown[]) {
  const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
  const text = typeof first === 'string' ? first : first?.text;
  const values = typeof first === 'string' ? second : first?.values;
  if (recording && typeof text === 'string') recorded.push({ text, values: Array.isArray(values) ? values : [] });
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
}

async function statementsOf<T>(call: () => Promise<T>): Promise<{ result: T; statements: typeof recorded }> {
  recorded.length = 0;
  recording = true;
  try {
    const result = await call();
    return { result, statements: [...recorded] };
  } finally {
    recording = false;
  }
}

/** How many times the plans of `statements` (SELECTs, run again) read the `ratings` table. */
async function ratingsReads(statements: typeof recorded): Promise<number> {
  const client = new pg.Client({ connectionString: process.env['DATABASE_URL'] });
  await client.connect();
  let loops = 0;
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      const n = node as Record<string, unknown>;
      if (n['Relation Name'] === 'ratings') loops += Number(n['Actual Loops'] ?? 0);
      Object.values(n).forEach(walk);
    }
  };
  try {
    for (const s of statements.filter((x) => /^\s*select\b/i.test(x.text))) {
      // Not recorded: recording is off once the call has answered.
      const { rows } = await client.query<{ 'QUERY PLAN': unknown }>(
        `explain (analyze, format json) ${s.text}`,
        s.values,
      );
      walk(rows[0]!['QUERY PLAN']);
    }
  } finally {
    await client.end();
  }
  return loops;
}

describe('what the scale budgets’ calls read', () => {
  beforeAll(async () => {
    await useIsolatedDatabase();
    pg.Client.prototype.query = record as typeof originalQuery;
  });
  afterEach(() => {
    recording = false;
  });

  it('a new request answers from its own transaction: the same view as reading it, none of it read back', async () => {
    const near = await mechanicWithProfile({ baseLocation: 'KBZN', serviceRadius: '100' });
    const farther = await mechanicWithProfile({ baseLocation: 'KBTM', serviceRadius: '150' });
    const pilot = await createUser('pilot');
    const { result: res, statements } = await statementsOf(async () => {
      const answer = await callRoute(ROUTES.requestCreate, {
        body: validRequest({ serviceLocation: 'KBZN', aircraftLocation: 'KBZN' }),
        as: pilot,
      });
      await afterAnswersSettled();
      return answer;
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ status: 'matched', matchedMechanicsCount: 2, quotes: [] });
    expect(res.body.matchedMechanics.map((m: { mechanicId: string }) => m.mechanicId)).toEqual([near.id, farther.id]);
    // The answer is the request as its owner reads it afterwards.
    const viewed = await callRoute(ROUTES.request, { params: { id: res.body.id }, as: pilot });
    expect(res.body).toEqual(viewed.body);
    // Neither the request joined with its owner, nor quotes, nor the matches it listed were read back.
    const readBack = statements.filter((s) => /"service_requests" as "r"|from "bids"|unnest\(/.test(s.text));
    expect(readBack.map((s) => s.text.slice(0, 80))).toEqual([]);
  });

  it('the request lists read no ratings, however many of the page a mechanic quoted', async () => {
    const mechanic = await mechanicWithProfile({ baseLocation: 'KGPI', serviceRadius: '50' });
    const pilot = await createUser('pilot');
    for (let i = 0; i < 3; i += 1) {
      const request = await createRequest(pilot, { serviceLocation: 'KGPI', aircraftLocation: 'KGPI' });
      await bid(mechanic, request.id, { totalCost: String(1000 + i) });
    }
    await afterAnswersSettled();
    for (const [token, path] of [
      [pilot.token, '/api/enhanced/quotes/user'],
      [mechanic.token, '/api/enhanced/quotes/mechanic'],
    ] as const) {
      const { result: list, statements } = await statementsOf(() => api.get(path, { token }));
      expect(list.status, list.text).toBe(200);
      const quotes = list.body.flatMap((r: { quotes: unknown[] }) => r.quotes);
      expect(quotes).toHaveLength(3);
      expect(quotes.every((q: { mechanicRatingCount: number }) => q.mechanicRatingCount === 0)).toBe(true);
      expect(await ratingsReads(statements), path).toBe(0);
    }
  });
});
