// The business's inbox at scale (docs/decisions/0210): 10,000 quote requests (a third answered, a
// few hundred overdue) in a scratch PostgreSQL, then the worked list's first page, a deep page, a
// search and a filter, called through the real function (routed as Netlify routes it, warm, as
// `npm start` serves it, minus the HTTP hop) by one client and by 20 at once. Prints p50/p95 per
// call and the plan of the default (respond-by) query. Not a test: a measurement.
// Usage: node bench/inbox-list.ts [quotes=10000] [seconds=5]
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { startLocalDatabase } from '../scripts/lib/local-db.ts';
import { FunctionRouter, type FunctionModule } from '../scripts/lib/function-routes.ts';
import { connectDb } from '../src/server/db/client.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';

const count = Number(process.argv[2] ?? 10_000);
const seconds = Number(process.argv[3] ?? 5);

const pgDir = mkdtempSync(path.join(os.tmpdir(), 'inbox-bench-pg-'));
const pg = await startLocalDatabase({ dataDir: pgDir, persistent: false, quiet: true, scratch: true });
process.env['DATABASE_URL'] = pg.url;
process.env['JWT_SECRET'] ??= 'bench-jwt-secret-that-is-long-enough-0123456789';
process.env['CONFIG_ENCRYPTION_KEY'] ??= Buffer.alloc(32, 7).toString('base64');
const db = connectDb(pg.url);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

try {
  await migrateToLatest(db);
  const admin = await db
    .insertInto('users')
    .values({
      email: 'bench-admin@example.com',
      passwordHash: 'x',
      firstName: 'Bench',
      lastName: 'Admin',
      role: 'admin',
      phone: null,
      location: null,
      certificationNumber: null,
      yearsExperience: null,
      serviceRadius: null,
      hourlyRate: null,
      mechanicStatus: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  // 10,000 requests over the last 400 days; the newest 1,000 unanswered (those older than a day
  // overdue), the rest worked to contacted, quoted, won or lost.
  const t0 = performance.now();
  await sql`
    insert into quotes (first_name, last_name, return_email, return_phone, aircraft_make, aircraft_model,
      registration_number, total_hours, aircraft_type, service_type, preferred_timeframe, location, message,
      schedule_consultation, email_updates, estimated_savings, created_at, inbox_status, answered_at, quoted_at)
    select 'First' || i, 'Last' || i, 'owner' || i || '@example.com', '(415) 555-' || lpad((i % 10000)::text, 4, '0'),
      (array['Cessna','Piper','Beechcraft','Cirrus','Mooney'])[1 + i % 5], 'Model ' || (i % 40),
      'N' || (10000 + i), 1000 + i % 5000, (array['single-engine','multi-engine','turboprop','jet','helicopter'])[1 + i % 5],
      (array['100-hour','annual','maintenance','repair','emergency'])[1 + i % 5], 'flexible', 'KSQL',
      'Annual due soon, some notes about the engine and the avionics for request ' || i, false, true, 12.5,
      now() - make_interval(mins => i * 57),
      case when i <= 1000 then 'new' else (array['contacted','quoted','won','lost'])[1 + i % 4] end,
      case when i <= 1000 then null else now() - make_interval(mins => i * 57) + interval '3 hours' end,
      case when i > 1000 and i % 4 in (1, 2) then now() - make_interval(mins => i * 57) + interval '1 day' end
    from generate_series(1, ${count}) i`.execute(db);
  await sql`update quotes set lost_reason = 'price' where inbox_status = 'lost'`.execute(db);
  // As autovacuum leaves a table after a bulk load: statistics and the visibility map (index-only counts).
  await sql`vacuum analyze quotes`.execute(db);
  const overdue = await sql<{
    n: number;
  }>`select count(*)::int as n from quotes where inbox_status = 'new' and created_at < now() - interval '24 hours'`.execute(
    db,
  );
  console.log(
    `Inserted ${count.toLocaleString()} quote requests (${overdue.rows[0]!.n} overdue) in ${Math.round(performance.now() - t0)} ms`,
  );

  // The real functions, routed by their own config (as scripts/lib/function-routes.ts does for npm start).
  const dir = path.resolve(import.meta.dirname, '../netlify/functions');
  const modules = await Promise.all(
    readdirSync(dir)
      .filter(
        (f) => (f.startsWith('admin-inbox') || f === 'quotes.ts' || f === 'admin-dashboard.ts') && f.endsWith('.ts'),
      )
      .map(async (f) => ({
        name: f.replace(/\.ts$/, ''),
        module: (await import(path.join(dir, f))) as FunctionModule,
      })),
  );
  const router = new FunctionRouter(modules);
  const { signAccessToken } = await import('../src/server/auth/token.server.ts');
  const token = await signAccessToken({ sub: admin.id, role: 'admin' });

  const callOnce = async (pathAndQuery: string): Promise<{ ms: number; bytes: number; status: number }> => {
    const url = new URL(pathAndQuery, 'http://localhost');
    const match = router.match('GET', url.pathname)!;
    const start = performance.now();
    const res = await match.fn.module.default(new Request(url, { headers: { authorization: `Bearer ${token}` } }), {
      params: match.params,
      ip: '127.0.0.1',
      requestId: crypto.randomUUID(),
    });
    const text = await res.text();
    return { ms: performance.now() - start, bytes: Buffer.byteLength(text), status: res.status };
  };

  const cases = [
    // Baselines on the same machine at the same moment: the spec's dashboard calls, already shipped.
    ['baseline: GET /api/admin/dashboard (counts)', '/api/admin/dashboard'],
    ['baseline: GET /api/quotes (first 10)', '/api/quotes?limit=10'],
    ['first page, respond-by first', '/api/admin/quotes'],
    ['first page, newest', '/api/admin/quotes?sort=newest'],
    ['page 100 (rows 4,951-5,000)', '/api/admin/quotes?page=100'],
    ['overdue only', '/api/admin/quotes?overdue=1'],
    ['search a registration', '/api/admin/quotes?q=N15432'],
    ['status and service filter', '/api/admin/quotes?status=won&serviceType=annual'],
    ['dashboard summary', '/api/admin/inbox/summary'],
  ] as const;

  console.log(`\n| call | 1 client p50 | 1 client p95 | 20 clients p50 | 20 clients p95 | answer |`);
  console.log(`|---|---|---|---|---|---|`);
  for (const [label, url] of cases) {
    for (let i = 0; i < 20; i += 1) await callOnce(url); // warm the pool and the plan cache
    const single: number[] = [];
    let bytes = 0;
    const until = performance.now() + (seconds * 1000) / 2;
    while (performance.now() < until) {
      const r = await callOnce(url);
      if (r.status !== 200) throw new Error(`${url}: ${r.status}`);
      single.push(r.ms);
      bytes = r.bytes;
    }
    const concurrent: number[] = [];
    const end = performance.now() + (seconds * 1000) / 2;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (performance.now() < end) concurrent.push((await callOnce(url)).ms);
      }),
    );
    single.sort((a, b) => a - b);
    concurrent.sort((a, b) => a - b);
    const f = (n: number) => `${n.toFixed(1)} ms`;
    console.log(
      `| ${label} | ${f(percentile(single, 50))} | ${f(percentile(single, 95))} | ${f(percentile(concurrent, 50))} | ${f(percentile(concurrent, 95))} | ${(bytes / 1024).toFixed(1)} KB |`,
    );
  }

  // The plans of the default query: the page (three index-ordered parts) and its count.
  const { whereOf } = await import('../src/features/inbox/inbox-sql.server.ts');
  const { respondByQuery } = await import('../src/features/inbox/inbox-list.server.ts');
  const clock = { hours: 24, urgentHours: 2 };
  const where = whereOf(
    'quotes',
    {
      q: '',
      status: null,
      serviceType: null,
      aircraftType: null,
      source: null,
      from: null,
      to: null,
      overdue: false,
    },
    clock,
  );
  for (const [label, query] of [
    ['first page (respond-by first)', sql`explain (analyze, costs off) ${respondByQuery(where, 50, 0)}`],
    ['its count', sql`explain (analyze, costs off) select count(*) from quotes r where ${where}`],
    [
      'search "N15432"',
      sql`explain (analyze, costs off) select count(*) from quotes r where ${whereOf('quotes', { q: 'N15432', status: null, serviceType: null, aircraftType: null, source: null, from: null, to: null, overdue: false }, clock)}`,
    ],
  ] as const) {
    const plan = await query.execute(db);
    console.log(`\nPlan of ${label}:`);
    for (const row of plan.rows as Record<string, string>[]) console.log(`  ${Object.values(row)[0]}`);
  }
} finally {
  const { closeSharedDb } = await import('../src/server/db/client.ts');
  await closeSharedDb();
  await db.destroy();
  await pg.stop();
}
