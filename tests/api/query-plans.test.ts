import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CROWD_AIRPORT, SCALE_ACCOUNTS, seedScale, type ScaleSizes } from '../../scripts/lib/seed-scale.ts';
import { hashPassword, THROW_AWAY_ARGON2_PARAMS } from '../../src/server/auth/password.server.ts';
import { signAccessToken } from '../../src/server/auth/token.server.ts';
import type { Db } from '../../src/server/db/client.ts';
import { afterAnswersSettled } from '../../src/server/http/after-answer.ts';
import { api } from '../helpers/api.ts';
import { useIsolatedDatabase } from '../helpers/isolated-db.ts';
import { validRequest } from '../helpers/marketplace.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute } from '../helpers/call-route.ts';

// Indexes from the plans (docs/decisions/0201-cursor-paging.md): each route is called for real on
// the scale data set while every query it sends is recorded, and each recorded query's plan
// (EXPLAIN, not run again) must read no growing table from end to end. A list or a lookup that
// loses its index fails here, naming the route, the table and the query.
//
// The plans are made with sequential scans priced out (`enable_seqscan = off`): PostgreSQL then
// takes any index that can serve the query, however few the rows, and reads a table whole only
// when no index can (a sequential scan, or an index walked end to end without a condition). So the
// data set needs rows enough to be plausible and to tell the growing tables, not rows enough for
// the planner to prefer an index on its own: a tenth of what it took before, seeded in seconds.

const SIZES: ScaleSizes = {
  mechanics: 80,
  owners: 400,
  aircraft: 450,
  requests: 1_600,
  bidsPerRequest: 2,
  appointments: 1_200,
  notifications: 12_000,
  crowd: 30,
  busyJobs: 150,
  busyOwnerRequests: 30,
  outbox: 600,
};
/** A table of more rows than this grows with the marketplace: reading it whole for one page is the bug sought. */
const LARGE = 300;

interface Recorded {
  text: string;
  values: unknown[];
}

const recorded: Recorded[] = [];
const originalQuery = pg.Client.prototype.query;
let db: Db;
let large: Set<string>;
let planner: pg.Client;

function record(this: pg.Client, ...args: unknown[]) {
  const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
  const text = typeof first === 'string' ? first : first?.text;
  const values = typeof first === 'string' ? second : first?.values;
  if (typeof text === 'string' && /^\s*(select|with|update|delete|insert)\b/i.test(text))
    recorded.push({ text, values: Array.isArray(values) ? values : [] });
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
}

/** Partial indexes: walking one without a condition reads only the rows its predicate keeps. */
let partialIndexes: Set<string>;

/**
 * Relations a JSON plan reads whole: by a sequential scan, or by an index scan with no index
 * condition (the whole index in order, which is what a priced-out sequential scan turns into when
 * an index merely gives the order asked for).
 */
function wholeReads(plan: unknown, found: string[] = []): string[] {
  if (Array.isArray(plan)) for (const p of plan) wholeReads(p, found);
  else if (plan && typeof plan === 'object') {
    const node = plan as Record<string, unknown>;
    const relation = node['Relation Name'];
    if (typeof relation === 'string') {
      if (node['Node Type'] === 'Seq Scan') found.push(relation);
      const indexScan = node['Node Type'] === 'Index Scan' || node['Node Type'] === 'Index Only Scan';
      if (indexScan && node['Index Cond'] === undefined && !partialIndexes.has(String(node['Index Name'])))
        found.push(relation);
    }
    for (const value of Object.values(node)) if (value && typeof value === 'object') wholeReads(value, found);
  }
  return found;
}

/** Calls the route and answers the large tables its queries scan whole, with the query. */
async function scansOf(
  call: () => Promise<{ status: number; text: string }>,
  expectedStatus: number,
): Promise<string[]> {
  await afterAnswersSettled();
  recorded.length = 0;
  pg.Client.prototype.query = record as typeof pg.Client.prototype.query;
  let res;
  try {
    res = await call();
    await afterAnswersSettled();
  } finally {
    pg.Client.prototype.query = originalQuery;
  }
  expect(res.status, res.text).toBe(expectedStatus);
  const queries = recorded.splice(0);
  expect(queries.length).toBeGreaterThan(0);
  const problems: string[] = [];
  for (const q of queries) {
    // The route's own query, planned again as it was sent, parameters and all (EXPLAIN without
    // ANALYZE plans a write without running it).
    const { rows } = await planner.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${q.text}`, q.values);
    const plan = rows[0]?.['QUERY PLAN'];
    for (const table of wholeReads(plan))
      if (large.has(table)) problems.push(`${table}: ${q.text.replace(/\s+/g, ' ').slice(0, 300)}`);
  }
  return problems;
}

async function tokenOf(email: string): Promise<string> {
  const user = await db.selectFrom('users').select(['id', 'role']).where('email', '=', email).executeTakeFirstOrThrow();
  return signAccessToken({ sub: user.id, role: user.role });
}

describe('query plans on the scale data set', () => {
  let owner: string;
  let mechanic: string;
  let requestId: string;

  beforeAll(async () => {
    db = await useIsolatedDatabase();
    planner = new pg.Client({ connectionString: process.env['DATABASE_URL'] });
    await planner.connect();
    // Any index that can serve a query wins, whatever the table's size (see the top of this file).
    await planner.query('set enable_seqscan = off');
    await seedScale(db, SIZES, await hashPassword('scale-plan-test', THROW_AWAY_ARGON2_PARAMS));
    const { rows } = await sql<{ relname: string }>`
      select relname from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace and reltuples > ${LARGE}`.execute(
      db,
    );
    large = new Set(rows.map((r) => r.relname));
    const partial = await sql<{
      name: string;
    }>`select indexrelid::regclass::text as name from pg_index where indpred is not null`.execute(db);
    partialIndexes = new Set(partial.rows.map((r) => r.name));
    owner = await tokenOf(SCALE_ACCOUNTS.busyOwner);
    mechanic = await tokenOf(SCALE_ACCOUNTS.busyMechanic);
    const one = await db
      .selectFrom('serviceRequests as r')
      .innerJoin('users as u', 'u.id', 'r.customerId')
      .select('r.id')
      .where('u.email', '=', SCALE_ACCOUNTS.busyOwner)
      .orderBy('r.createdAt', 'desc')
      .executeTakeFirstOrThrow();
    requestId = one.id;
  }, 240_000);

  afterAll(async () => {
    pg.Client.prototype.query = originalQuery;
    await planner?.end();
  });

  it('seeds tables large enough to matter', () => {
    for (const table of [
      'service_requests',
      'service_request_matches',
      'bids',
      'appointments',
      'notifications',
      'aircraft',
      'users',
      'outbox',
    ])
      expect(large.has(table), table).toBe(true);
  });

  const lists: Array<[string, () => string, string]> = [
    ["the owner's requests", () => owner, '/api/enhanced/quotes/user'],
    ["the owner's requests, second page", () => owner, '/api/enhanced/quotes/user?limit=5&cursor=SECOND'],
    ["the mechanic's requests", () => mechanic, '/api/enhanced/quotes/mechanic'],
    ["the owner's appointments", () => owner, '/api/appointments'],
    ["the mechanic's appointments", () => mechanic, '/api/appointments/mechanic'],
    ['notifications', () => mechanic, '/api/enhanced/notifications?unread_only=false&limit=20'],
    ['unread notifications', () => mechanic, '/api/enhanced/notifications?unread_only=true&limit=20'],
    ["the owner's aircraft", () => owner, '/api/aircraft'],
    ["the owner's documents", () => owner, '/api/enhanced/documents'],
    // Counters and sums of the dashboards, over every row (docs/decisions/0203).
    ["the owner's summary", () => owner, '/api/dashboard/owner-summary'],
    ["the mechanic's summary", () => mechanic, '/api/dashboard/mechanic-summary?tz=America/Denver'],
    ["the owner's conversations", () => owner, '/api/conversations'],
    ["the mechanic's unread messages", () => mechanic, '/api/conversations/unread'],
  ];

  for (const [name, token, path] of lists) {
    it(`reads ${name} through indexes`, async () => {
      let url = path;
      if (url.includes('SECOND')) {
        const first = await api.get(url.replace('&cursor=SECOND', ''), { token: token() });
        url = url.replace('SECOND', encodeURIComponent(first.headers.get('x-next-cursor') ?? ''));
      }
      expect(await scansOf(() => api.get(url, { token: token() }), 200)).toEqual([]);
    });
  }

  it("reads the payments of the owner's first page of appointments in one call through indexes", async () => {
    const page = await callRoute(ROUTES.appointmentsOwn, { as: owner });
    const ids = (page.body as Array<{ id: string }>).map((a) => a.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(
      await scansOf(() => callRoute(ROUTES.appointmentPayments, { query: { ids: ids.join(',') }, as: owner }), 200),
    ).toEqual([]);
  });

  it("reads an aircraft's logbook page through indexes", async () => {
    const [aircraft] = (await callRoute(ROUTES.aircraftList, { query: { limit: '1' }, as: owner })).body as Array<{
      id: string;
    }>;
    expect(
      await scansOf(
        () => callRoute(ROUTES.logbook, { params: { id: aircraft!.id }, query: { q: 'oil' }, as: owner }),
        200,
      ),
    ).toEqual([]);
  });

  it('reads one request through indexes', async () => {
    expect(await scansOf(() => callRoute(ROUTES.request, { params: { id: requestId }, as: owner }), 200)).toEqual([]);
  });

  it(`matches a new request at ${CROWD_AIRPORT} (a crowd of mechanics in range) through indexes, including the work after the answer`, async () => {
    const crowdOwner = await tokenOf(SCALE_ACCOUNTS.crowdOwner);
    const problems = await scansOf(
      () =>
        callRoute(ROUTES.requestCreate, {
          body: validRequest({ serviceLocation: CROWD_AIRPORT, aircraftLocation: CROWD_AIRPORT }),
          as: crowdOwner,
        }),
      201,
    );
    expect(problems).toEqual([]);
  });
});
