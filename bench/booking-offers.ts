// Instant booking's offers with many mechanics in range (docs/decisions/0240): 500
// approved mechanics around Twin Falls (KTWF), each with a flat-rate annual, an open calendar and
// three booked jobs in the next weeks, in a scratch PostgreSQL; then `GET /api/booking/offers` for
// an owner's 172 there, through the real function (routed as Netlify routes it, warm, as `npm
// start` serves it, minus the HTTP hop), by one client and by 20 at once, beside the same call
// with no mechanic in range. Prints p50/p95, the answer's size and the load (uptime) before and
// after. Not a test: a measurement. Budget: a first page p50 <= 20 ms (BUDGETS.md).
// Usage: node bench/booking-offers.ts [mechanics=500] [seconds=6]
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { startLocalDatabase } from '../scripts/lib/local-db.ts';
import { FunctionRouter, type FunctionModule } from '../scripts/lib/function-routes.ts';
import { connectDb } from '../src/server/db/client.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';

const count = Number(process.argv[2] ?? 500);
const seconds = Number(process.argv[3] ?? 6);
const load = () =>
  `${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')} on ${os.cpus().length} cores`;
console.log(`Load at the start (uptime): ${load()}`);

const pgDir = mkdtempSync(path.join(os.tmpdir(), 'booking-bench-pg-'));
const pg = await startLocalDatabase({ dataDir: pgDir, persistent: false, quiet: true, scratch: true });
process.env['DATABASE_URL'] = pg.url;
process.env['JWT_SECRET'] ??= 'bench-jwt-secret-that-is-long-enough-0123456789';
process.env['CONFIG_ENCRYPTION_KEY'] ??= Buffer.alloc(32, 7).toString('base64');
const db = connectDb(pg.url);
/**
 * CPU time (ms) of the database server's processes so far: with the bench's own (process.cpuUsage),
 * the cost of a call on a machine too busy for its latency to mean much. Linux only (/proc).
 */
function databaseCpuMs(): number {
  try {
    const postmaster = Number(readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    let ticks = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        // After the command: state, ppid (1), ..., utime (11), stime (12), cutime (13), cstime (14).
        const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
        const own = Number(fields[11]) + Number(fields[12]);
        // The server's own time with its ended backends' (cutime, cstime), and each live backend's.
        if (Number(entry) === postmaster) ticks += own + Number(fields[13]) + Number(fields[14]);
        else if (Number(fields[1]) === postmaster) ticks += own;
      } catch {
        // the process ended meanwhile
      }
    }
    return ticks * 10; // USER_HZ is 100 on Linux
  } catch {
    return NaN;
  }
}
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

try {
  await migrateToLatest(db);
  const t0 = performance.now();
  // Mechanics within a few miles of KTWF (42.4818, -114.488), radius 50 mi: all in range.
  await sql`insert into users (id, email, password_hash, first_name, last_name, role, certification_number, mechanic_status)
      select md5('bm' || g)::uuid, 'bench.mechanic.' || g || '@example.com', 'x', 'Mechanic', 'No ' || g, 'mechanic', (3000000 + g)::text, 'approved'
      from generate_series(1, ${count}) g`.execute(db);
  await sql`insert into mechanic_profiles (user_id, ap_number, ia_authorization, specialties, hourly_rate, service_radius, base_location, base_location_label,
                                         base_latitude, base_longitude, rating, completed_jobs)
      select md5('bm' || g)::uuid, (3000000 + g)::text, g % 4 = 0, array['annual_inspection'], 95, 50, 'KTWF', 'KTWF',
             42.4818 + (random() - 0.5) * 0.3, -114.488 + (random() - 0.5) * 0.3, round((3.5 + random() * 1.5)::numeric, 2), g % 40
      from generate_series(1, ${count}) g`.execute(db);
  await sql`insert into mechanic_rates (mechanic_id, service_type, aircraft_class, price_cents, includes, days)
      select md5('bm' || g)::uuid, 'annual_inspection', 'single_piston_fixed', 150000 + (g % 50) * 1000, 'Annual inspection and logbook entries', 1 + g % 3
      from generate_series(1, ${count}) g`.execute(db);
  await sql`insert into mechanic_availability (mechanic_id, time_zone, weekly, time_off, max_concurrent_jobs, free_cancel_hours, calendar_token)
      select md5('bm' || g)::uuid, 'America/Boise',
             '[{"day":1,"start":"08:00","end":"17:00"},{"day":2,"start":"08:00","end":"17:00"},{"day":3,"start":"08:00","end":"17:00"},{"day":4,"start":"08:00","end":"17:00"},{"day":5,"start":"08:00","end":"17:00"}]'::jsonb,
             '[]'::jsonb, 1 + g % 2, 72, md5('token' || g) || md5('more' || g)
      from generate_series(1, ${count}) g`.execute(db);
  // The owner, their 172 at KTWF, and a second owner whose booked jobs fill each mechanic's next weeks.
  await sql`insert into users (id, email, password_hash, first_name, last_name, role) values
      (md5('owner')::uuid, 'bench.owner@example.com', 'x', 'Bench', 'Owner', 'pilot'),
      (md5('other')::uuid, 'bench.other@example.com', 'x', 'Other', 'Owner', 'pilot')`.execute(db);
  await sql`insert into aircraft (id, owner_id, tail_number, make, model, year, total_hours, home_airport) values
      (md5('plane')::uuid, md5('owner')::uuid, 'N172BE', 'Cessna', '172S', 2004, 2100, 'KTWF'),
      (md5('far')::uuid, md5('owner')::uuid, 'N172FA', 'Cessna', '172S', 2004, 2100, 'PHTO'),
      (md5('otherplane')::uuid, md5('other')::uuid, 'N172OT', 'Cessna', '172S', 2004, 2100, 'KTWF')`.execute(db);
  // Three live holds per mechanic (a booking's days, as confirmed ones count the same way through their appointment).
  await sql`insert into booking_holds (mechanic_id, owner_id, aircraft_id, service_type, aircraft_class, price_cents, start_date, days, expires_at, free_cancel_hours)
      select md5('bm' || g)::uuid, md5('other')::uuid, md5('otherplane')::uuid, 'annual_inspection', 'single_piston_fixed', 150000,
             current_date + (2 + k * 3 + g % 5), array[current_date + (2 + k * 3 + g % 5)]::date[], now() + interval '1 day', 72
      from generate_series(1, ${count}) g, generate_series(0, 2) k`.execute(db);
  await sql`vacuum analyze`.execute(db);
  console.log(
    `Inserted ${count} mechanics with rates, calendars and ${count * 3} held days in ${Math.round(performance.now() - t0)} ms`,
  );

  const dir = path.resolve(import.meta.dirname, '../netlify/functions');
  const modules = await Promise.all(
    readdirSync(dir)
      .filter((f) => (f === 'booking-offers.ts' || f === 'aircraft.ts') && f.endsWith('.ts'))
      .map(async (f) => ({
        name: f.replace(/\.ts$/, ''),
        module: (await import(path.join(dir, f))) as FunctionModule,
      })),
  );
  const router = new FunctionRouter(modules);
  const { signAccessToken } = await import('../src/server/auth/token.server.ts');
  const owner = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'bench.owner@example.com')
    .executeTakeFirstOrThrow();
  const token = await signAccessToken({ sub: owner.id, role: 'pilot' });
  const callOnce = async (
    pathAndQuery: string,
  ): Promise<{ ms: number; bytes: number; status: number; rows: number }> => {
    const url = new URL(pathAndQuery, 'http://localhost');
    const match = router.match('GET', url.pathname)!;
    const start = performance.now();
    const res = await match.fn.module.default(new Request(url, { headers: { authorization: `Bearer ${token}` } }), {
      params: match.params,
      ip: '127.0.0.1',
      requestId: crypto.randomUUID(),
    });
    const text = await res.text();
    const ms = performance.now() - start;
    return {
      ms,
      bytes: Buffer.byteLength(text),
      status: res.status,
      rows: res.status === 200 ? (JSON.parse(text) as unknown[]).length : 0,
    };
  };
  const plane = await db.selectFrom('aircraft').select(['id', 'tailNumber']).where('ownerId', '=', owner.id).execute();
  const near = plane.find((p) => p.tailNumber === 'N172BE')!.id;
  const far = plane.find((p) => p.tailNumber === 'N172FA')!.id;
  const cases = [
    ['baseline: GET /api/aircraft (the owner’s list)', '/api/aircraft'],
    ['offers, no mechanic in range (PHTO)', `/api/booking/offers?aircraftId=${far}&serviceType=annual_inspection`],
    [
      `offers, ${count} mechanics in range (KTWF)`,
      `/api/booking/offers?aircraftId=${near}&serviceType=annual_inspection`,
    ],
  ] as const;

  console.log(
    `\n| call | rows | 1 client p50 | 1 client p95 | 20 clients p50 | 20 clients p95 | answer | CPU per call, 1 client (bench + PostgreSQL) |`,
  );
  console.log(`|---|---|---|---|---|---|---|---|`);
  for (const [label, url] of cases) {
    for (let i = 0; i < 10; i += 1) await callOnce(url); // warm the pool and the plan cache
    const single: number[] = [];
    let last = { bytes: 0, rows: 0 };
    const until = performance.now() + (seconds * 1000) / 2;
    const cpuBefore = process.cpuUsage();
    const databaseBefore = databaseCpuMs();
    while (performance.now() < until) {
      const r = await callOnce(url);
      if (r.status !== 200) throw new Error(`${url}: ${r.status}`);
      single.push(r.ms);
      last = r;
    }
    const cpu = process.cpuUsage(cpuBefore);
    const benchCpu = (cpu.user + cpu.system) / 1000 / single.length;
    const databaseCpu = (databaseCpuMs() - databaseBefore) / single.length;
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
      `| ${label} | ${last.rows} | ${f(percentile(single, 50))} | ${f(percentile(single, 95))} | ${f(percentile(concurrent, 50))} | ${f(percentile(concurrent, 95))} | ${(last.bytes / 1024).toFixed(1)} KB | ${f(benchCpu)} + ${f(databaseCpu)} |`,
    );
  }
  console.log(`\nLoad at the end (uptime): ${load()}`);
} finally {
  const { closeSharedDb } = await import('../src/server/db/client.ts');
  await closeSharedDb();
  await db.destroy();
  await pg.stop();
}
