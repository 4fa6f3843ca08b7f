// The scale figures of BUDGETS.md ("Scale"), over HTTP against a running `npm start` whose
// database holds the scale data set (`npm run seed:scale`):
// - a new service request at an airport with 5,000 mechanics in range (KDEN) beside one with none
//   (PHNL): p50, answer size, and whether the nearest mechanic's notification exists when the
//   answer arrives;
// - the first page of each dashboard list for the mechanic with 5,000 past jobs and the owner
//   with 500 requests, their dashboards' counters and the payments of a page of cards: p50 and
//   answer size;
// - GET /api/blog/posts?page=1&limit=6 at 20 clients for 10 s (compressed, through the local CDN);
// - dashboards usable after sign-in in Chromium for those two accounts.
// Usage: DATABASE_URL=<the server's database> node bench/scale.ts http://127.0.0.1:4321 [--no-browser]
import { existsSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { CROWD_AIRPORT, EMPTY_AIRPORT, SCALE_ACCOUNTS, SCALE_PASSWORD } from '../scripts/lib/seed-scale.ts';
import { measureDashboards } from './lib/dashboards.ts';
import { httpLoad } from './lib/load.ts';

export interface ScaleFigures {
  create: {
    empty: Timing;
    crowd: Timing;
    ratio: number;
    matched: number;
    notifiedBeforeAnswer: boolean;
    restMatchedMs: number;
  };
  lists: Array<{ name: string } & Timing>;
  blogPosts: { perSecond: number; p50: number; p99: number; errors: number; non2xx: number; gzipBytes: number };
  dashboards: Array<{ role: string; median: number; max: number }>;
  /** The machine's load (1 min) when the run started and ended: the figures are only as quiet as it. */
  load: { start: number; end: number };
}

interface Timing {
  p50: number;
  bytes: number;
  rows?: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function signIn(origin: string, email: string): Promise<string> {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: SCALE_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function timed(runs: number, call: () => Promise<Response>): Promise<Timing & { last: unknown }> {
  const times: number[] = [];
  let bytes = 0;
  let last: unknown;
  for (let i = 0; i < runs; i += 1) {
    const t0 = performance.now();
    const res = await call();
    const text = await res.text();
    times.push(performance.now() - t0);
    if (!res.ok) throw new Error(`${res.status} ${text.slice(0, 200)}`);
    bytes = Buffer.byteLength(text);
    last = JSON.parse(text);
  }
  return { p50: median(times), bytes, last, ...(Array.isArray(last) ? { rows: last.length } : {}) };
}

function request(location: string, i: number) {
  return {
    aircraftMake: 'Cessna',
    aircraftModel: '172S Skyhawk',
    aircraftTailNumber: `N${70000 + i}`,
    aircraftLocation: location,
    serviceType: 'annual_inspection',
    serviceDescription: 'Scale bench: annual inspection.',
    serviceLocation: location,
  };
}

export async function measureScale(
  origin: string,
  databaseUrl: string,
  options: { browser: boolean; runs?: number } = { browser: true },
): Promise<ScaleFigures> {
  const runs = options.runs ?? 15;
  const loadAtStart = os.loadavg()[0]!;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const owner = await signIn(origin, SCALE_ACCOUNTS.crowdOwner);
    const post = (location: string, i: number) => () =>
      fetch(`${origin}/api/enhanced/quotes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${owner}` },
        body: JSON.stringify(request(location, i)),
      });
    // Warm both paths, then alternate so both see the same machine.
    await db.query("delete from rate_limit_hits where bucket like 'cap:requestsPerUser:%'");
    await (await post(EMPTY_AIRPORT, 0)()).text();
    await (await post(CROWD_AIRPORT, 0)()).text();
    const empty: number[] = [];
    const crowd: number[] = [];
    let emptyBytes = 0;
    let crowdBytes = 0;
    let matched = 0;
    let notifiedBeforeAnswer = true;
    const rest: number[] = [];
    // The owner's write cap (10 requests an hour, ADR 0183) is for people, not for this loop: the
    // bench clears its counter before each pair, which costs nothing inside the timed calls.
    const clearCap = () => db.query("delete from rate_limit_hits where bucket like 'cap:requestsPerUser:%'");
    for (let i = 1; i <= runs; i += 1) {
      await clearCap();
      const e = await timed(1, post(EMPTY_AIRPORT, i));
      empty.push(e.p50);
      emptyBytes = e.bytes;
      const c = await timed(1, post(CROWD_AIRPORT, i));
      crowd.push(c.p50);
      crowdBytes = c.bytes;
      const answer = c.last as {
        id: string;
        matchedMechanicsCount: number;
        matchedMechanics: Array<{ mechanicId: string }>;
      };
      matched = answer.matchedMechanicsCount;
      // The nearest mechanic's notification is written with the request: it is there when the answer is.
      const nearest = answer.matchedMechanics[0]?.mechanicId;
      const { rowCount } = await db.query(`select 1 from notifications where user_id = $1 and message like $2`, [
        nearest,
        `%at ${CROWD_AIRPORT},%`,
      ]);
      if (!rowCount) notifiedBeforeAnswer = false;
      // The other matches are recorded after the answer (completeMatching, some 5,000 rows): wait for
      // them, timed from the answer, so each sample is one request on its own and not the queue
      // behind the previous one's after-answer work on the same two cores.
      const answered = performance.now();
      for (;;) {
        const { rows } = await db.query<{ pending: boolean }>(
          `select matching_pending as pending from service_requests where id = $1`,
          [answer.id],
        );
        if (!rows[0]?.pending) break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      rest.push(performance.now() - answered);
    }
    const create = {
      empty: { p50: median(empty), bytes: emptyBytes },
      crowd: { p50: median(crowd), bytes: crowdBytes },
      ratio: median(crowd) / median(empty),
      matched,
      notifiedBeforeAnswer,
      restMatchedMs: median(rest),
    };

    const mechanic = await signIn(origin, SCALE_ACCOUNTS.busyMechanic);
    const busyOwner = await signIn(origin, SCALE_ACCOUNTS.busyOwner);
    const listCalls: Array<[string, string, string]> = [
      ["mechanic's requests (5,000 behind)", mechanic, '/api/enhanced/quotes/mechanic'],
      ["mechanic's appointments (5,000 behind)", mechanic, '/api/appointments/mechanic'],
      ["mechanic's notifications (5,000+ behind)", mechanic, '/api/enhanced/notifications?unread_only=false&limit=20'],
      ["owner's requests (500 behind)", busyOwner, '/api/enhanced/quotes/user'],
      ["owner's appointments (500 behind)", busyOwner, '/api/appointments'],
      ["owner's notifications (5,000+ behind)", busyOwner, '/api/enhanced/notifications?unread_only=false&limit=20'],
      ["owner's aircraft", busyOwner, '/api/aircraft'],
      ["owner's documents", busyOwner, '/api/enhanced/documents'],
      ["owner's conversations", busyOwner, '/api/conversations'],
      // The dashboards' counters and sums, over every row (docs/decisions/0203).
      ["owner's Overview counters (500 requests behind)", busyOwner, '/api/dashboard/owner-summary'],
      [
        "mechanic's Overview and Earnings sums (5,000 jobs behind)",
        mechanic,
        '/api/dashboard/mechanic-summary?tz=America/Denver',
      ],
    ];
    // The payments of the first page of appointment cards, in one call (docs/decisions/0204).
    const firstPage = (await (
      await fetch(`${origin}/api/appointments/mechanic`, { headers: { authorization: `Bearer ${mechanic}` } })
    ).json()) as Array<{ id: string }>;
    if (firstPage.length)
      listCalls.push([
        "payments of the mechanic's first page of appointments",
        mechanic,
        `/api/appointments/payments?ids=${firstPage.map((a) => a.id).join(',')}`,
      ]);
    // Warm, as a deployed function that has answered before is (ARCHITECTURE: warm functions):
    // ten calls of each first, so the first calls' compilation is not what the median measures.
    // Then 30 rounds, each calling every list once: this machine's speed drifts over minutes, and a
    // slow minute then weighs on every list alike instead of on whichever list it fell on.
    const gets = listCalls.map(
      ([, token, path]) =>
        () =>
          fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${token}` } }),
    );
    for (const get of gets) for (let i = 0; i < 10; i += 1) await (await get()).text();
    const samples = gets.map(() => [] as number[]);
    const last = gets.map(() => ({ bytes: 0, rows: undefined as number | undefined }));
    for (let round = 0; round < 30; round += 1) {
      for (const [i, get] of gets.entries()) {
        const t = await timed(1, get);
        samples[i]!.push(t.p50);
        last[i] = { bytes: t.bytes, rows: t.rows };
      }
    }
    const lists: ScaleFigures['lists'] = listCalls.map(([name, , path], i) => {
      const shown = path.replace(/ids=[^&]+/, (ids) => `ids=<${ids.split(',').length} ids>`);
      const { rows } = last[i]!;
      return {
        name: `${name}: GET ${shown}`,
        p50: median(samples[i]!),
        bytes: last[i]!.bytes,
        ...(rows === undefined ? {} : { rows }),
      };
    });

    const blogUrl = `${origin}/api/blog/posts?page=1&limit=6`;
    const gz = await fetch(blogUrl, { headers: { 'accept-encoding': 'gzip' } });
    const gzipBytes = Number(gz.headers.get('content-length') ?? (await gz.arrayBuffer()).byteLength);
    const load = await httpLoad({
      url: blogUrl,
      headers: { 'accept-encoding': 'gzip, br' },
      concurrency: 20,
      seconds: 10,
    });
    const blogPosts = {
      perSecond: load.perSecond,
      p50: load.p50,
      p99: load.p99,
      errors: load.errors,
      non2xx: load.non2xx,
      gzipBytes,
    };

    let dashboards: ScaleFigures['dashboards'] = [];
    const chromePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
    if (options.browser && chromePath) {
      const timings = await measureDashboards(
        origin,
        [
          { role: 'mechanic with 5,000 past jobs', email: SCALE_ACCOUNTS.busyMechanic, password: SCALE_PASSWORD },
          { role: 'owner with 500 requests', email: SCALE_ACCOUNTS.busyOwner, password: SCALE_PASSWORD },
        ],
        chromePath,
        3,
      );
      dashboards = timings.map((t) => ({ role: t.role, median: t.median, max: t.max }));
    }
    return { create, lists, blogPosts, dashboards, load: { start: loadAtStart, end: os.loadavg()[0]! } };
  } finally {
    await db.end();
  }
}

/** The figures as the lines of bench/RESULTS.md's scale section. */
export function scaleReport(f: ScaleFigures): string[] {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const ok = (pass: boolean) => (pass ? 'met' : '**not met**');
  const lines = [
    `Load average (1 min) on ${os.cpus().length} cores: ${f.load.start.toFixed(2)} at the start, ${f.load.end.toFixed(2)} at the end.`,
    '',
    '| call | figure | budget | |',
    '|---|---|---|---|',
    `| \`POST /api/enhanced/quotes\` at ${EMPTY_AIRPORT} (no mechanic in range) | p50 ${ms(f.create.empty.p50)}, answer ${kb(f.create.empty.bytes)} | the baseline | |`,
    `| \`POST /api/enhanced/quotes\` at ${CROWD_AIRPORT} (${f.create.matched.toLocaleString('en-US')} mechanics matched) | p50 ${ms(f.create.crowd.p50)} (${f.create.ratio.toFixed(2)}x), answer ${kb(f.create.crowd.bytes)} | p50 <= 50 ms and <= 3x, <= 20 KB | ${ok(f.create.crowd.p50 <= 50 && f.create.ratio <= 3 && f.create.crowd.bytes <= 20480)} |`,
    `| the other matches recorded after the answer (completeMatching) | p50 ${f.create.restMatchedMs.toFixed(0)} ms from the answer | | |`,
    `| nearest mechanic's notification | ${f.create.notifiedBeforeAnswer ? 'written before the answer, every run' : 'missing after the answer in some run'} | within 5 s | ${ok(f.create.notifiedBeforeAnswer)} |`,
  ];
  for (const l of f.lists)
    lines.push(
      `| ${l.name} | p50 ${ms(l.p50)}, ${kb(l.bytes)}${l.rows === undefined ? '' : `, ${l.rows} rows`} | p50 <= 20 ms, <= 100 KB | ${ok(l.p50 <= 20 && l.bytes <= 102400)} |`,
    );
  const b = f.blogPosts;
  lines.push(
    `| \`GET /api/blog/posts?page=1&limit=6\`, 20 clients, 10 s | ${b.perSecond.toFixed(0)} req/s, p50 ${ms(b.p50)}, p99 ${ms(b.p99)}, ${b.errors + b.non2xx} errors, ${kb(b.gzipBytes)} gzip | >= 3,000 req/s, p50 <= 5 ms | ${ok(b.perSecond >= 3000 && b.p50 <= 5)} |`,
  );
  for (const d of f.dashboards)
    lines.push(
      `| dashboard usable after sign-in, ${d.role} | median ${d.median.toFixed(0)} ms, max ${d.max.toFixed(0)} ms | <= 1,500 ms | ${ok(d.max <= 1500)} |`,
    );
  return lines;
}

if (import.meta.main) {
  const origin = process.argv[2] ?? 'http://127.0.0.1:4321';
  const databaseUrl = process.env['DATABASE_URL'];
  if (!databaseUrl) throw new Error('Set DATABASE_URL to the database of the server at ' + origin);
  const figures = await measureScale(origin, databaseUrl, { browser: !process.argv.includes('--no-browser') });
  console.log(scaleReport(figures).join('\n'));
  console.log(JSON.stringify(figures));
}
