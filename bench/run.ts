// `npm run bench`: page weight, Lighthouse, axe and API latency of the production-like local
// product, written to bench/RESULTS.md beside the budgets of BUDGETS.md.
// Flags: --no-build (reuse dist/), --skip-lighthouse, --skip-emulator (no baseline), --skip-airmen.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LOCAL_DATA_DIR, ROOT } from '../scripts/lib/paths.ts';
import { startProduct } from '../scripts/lib/product.ts';
import { runAxe } from './lib/axe.ts';
import { runLighthouse, type LighthouseScores } from './lib/lighthouse.ts';
import { measureDashboards, type DashboardTiming } from './lib/dashboards.ts';
import { measureSections, type SectionTiming } from './lib/sections.ts';
import { measureBlogRender } from './article-render.ts';
import { httpLoad, type LoadResult } from './lib/load.ts';
import { measurePage, type PageWeight } from './lib/page-weight.ts';
import { measureScale, scaleReport } from './scale.ts';
import { hasScaleData } from '../scripts/lib/seed-scale.ts';
import { connectDb } from '../src/server/db/client.ts';

const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    'skip-lighthouse': { type: 'boolean', default: false },
    'skip-emulator': { type: 'boolean', default: false },
    'skip-airmen': { type: 'boolean', default: false },
  },
});
const chromePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

// Public forms are rate-limited per IP; the load test comes from one address.
process.env['PUBLIC_WRITE_RATE_LIMIT'] = '1000000';
const EMULATOR_PORT = 4620;
const LOAD_AT_START = os.loadavg()[0]!.toFixed(2);
const product = await startProduct({
  port: 4610,
  dataDir: '.data/bench/postgres',
  fresh: true,
  build: !args['no-build'],
  quiet: true,
});
const origin = product.url;
console.log(`Benchmarking ${origin}`);

const quote = (n: string) => ({
  firstName: 'Bench',
  lastName: `Client ${n}`,
  returnEmail: `bench${n}@example.com`,
  returnPhone: '(415) 555-0100',
  aircraftMake: 'Cessna',
  aircraftModel: '172S',
  aircraftType: 'single-engine',
  serviceType: 'annual',
  preferredTimeframe: 'flexible',
  message: 'Annual inspection quote please.',
  lastInvoiceAmount: '2500',
  scheduleConsultation: false,
  emailUpdates: true,
});
const json = { 'content-type': 'application/json' };

interface ApiRow {
  name: string;
  where: string;
  result: LoadResult;
  budget: string;
}
const api: ApiRow[] = [];
let dashboards: DashboardTiming[] = [];
let sections: SectionTiming[] = [];
let scale: string[] = [];
let scaleSkipped = '';
let scaleWhere = '';
let stopped = false;
let blogRender = '';
let airmen: string[] = [];
/** People in the generated FAA airmen file: about the size of the real monthly NONPILOT files. */
const AIRMEN_PEOPLE = 400_000;
let emulator: ChildProcess | undefined;
try {
  // ---- pages
  const firstArticle = await fetch(`${origin}/api/blog/posts?limit=1`)
    .then((r) => (r.ok ? (r.json() as Promise<{ data?: Array<{ slug: string }> }>) : { data: [] }))
    .then((b) => b.data?.[0]?.slug)
    .catch(() => undefined);
  const pages = ['/', '/blog', ...(firstArticle ? [`/blog/${firstArticle}`] : []), '/dashboard', '/admin'];
  const weights: PageWeight[] = [];
  for (const p of pages) weights.push(await measurePage(origin, p));
  console.log('page weight measured');

  const lighthouse: LighthouseScores[] = [];
  let axe: Record<string, string[]> = {};
  if (chromePath && !args['skip-lighthouse']) {
    const lhPages = pages.filter((p) => p === '/' || p.startsWith('/blog'));
    for (const p of lhPages) {
      lighthouse.push(await runLighthouse(origin, p, chromePath));
      console.log(`lighthouse ${p} done`);
    }
    axe = await runAxe(origin, lhPages, chromePath);
  }

  // ---- API over HTTP through the local product, 20 clients for 10 s, from a separate process
  const reads = [
    { name: 'GET /api/blog/categories', path: '/api/blog/categories' },
    { name: 'GET /api/blog/posts', path: '/api/blog/posts?page=1&limit=6' },
  ];
  for (const read of reads) {
    await httpLoad({ url: origin + read.path, concurrency: 4, requests: 200 }); // warm-up, not reported
    api.push({
      name: read.name,
      where: 'local product (HTTP)',
      budget: 'p50 <= 15 ms, p99 <= 80 ms, 0 errors, 0 non-2xx',
      result: await httpLoad({ url: origin + read.path, concurrency: 20, seconds: 10, distinctClients: true }),
    });
    console.log(`${read.name} measured`);
  }
  const quoteBody = JSON.stringify(quote('{i}'));
  api.push({
    name: 'POST /api/quotes',
    where: 'local product (HTTP)',
    budget: 'p95 <= 60 ms',
    result: await httpLoad({
      url: `${origin}/api/quotes`,
      method: 'POST',
      headers: json,
      body: quoteBody,
      concurrency: 20,
      seconds: 10,
      distinctClients: true,
    }),
  });
  const pilot = product.logins.find((l) => l.role === 'pilot');
  if (pilot) {
    api.push({
      name: 'POST /api/auth/login',
      where: 'local product (HTTP)',
      budget: 'p95 <= 400 ms at 1 client',
      result: await httpLoad({
        url: `${origin}/api/auth/login`,
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: pilot.email, password: pilot.password }),
        concurrency: 1,
        requests: 40,
      }),
    });
  }
  console.log('API measured');

  // ---- blog pages rendered on demand, uncached (a CDN miss): render time from Server-Timing
  blogRender = await measureBlogRender(origin);
  console.log('blog render measured');

  // ---- dashboards: sign-in click to usable, in Chromium
  if (chromePath) {
    dashboards = await measureDashboards(
      origin,
      ['pilot', 'mechanic', 'admin'].flatMap((role) => product.logins.filter((l) => l.role === role)),
      chromePath,
    );
    console.log('dashboards measured');
    sections = await measureSections(
      origin,
      ['pilot', 'mechanic', 'admin'].flatMap((role) => product.logins.filter((l) => l.role === role).slice(0, 1)),
      chromePath,
    );
    console.log('sections measured');
  }

  // ---- the baseline: the same calls through Netlify's emulator, which bundles each call afresh
  if (!args['skip-emulator']) {
    emulator = spawn(process.execPath, [path.join(ROOT, 'bench/lib/emulator-server.ts'), String(EMULATOR_PORT)], {
      env: { ...process.env, NETLIFY_DB_URL: product.databaseUrl, NETLIFY_DB_DRIVER: 'server' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      emulator!.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve());
      emulator!.on('exit', () => reject(new Error('the emulator baseline server exited')));
    });
    const base = `http://127.0.0.1:${EMULATOR_PORT}`;
    // One client first: the emulator's cost of a single call, with nothing queued behind it.
    api.push({
      name: 'GET /api/blog/categories',
      where: 'emulator baseline, 1 client (HTTP)',
      budget: 'reported beside',
      result: await httpLoad({ url: `${base}/api/blog/categories`, concurrency: 1, requests: 5, timeoutMs: 30_000 }),
    });
    for (const read of reads) {
      api.push({
        name: read.name,
        where: 'emulator baseline (HTTP)',
        budget: 'reported beside',
        result: await httpLoad({ url: base + read.path, concurrency: 20, seconds: 10, timeoutMs: 10_000 }),
      });
    }
    api.push({
      name: 'POST /api/quotes',
      where: 'emulator baseline (HTTP)',
      budget: 'reported beside',
      result: await httpLoad({
        url: `${base}/api/quotes`,
        method: 'POST',
        headers: json,
        body: quoteBody,
        concurrency: 20,
        seconds: 10,
        timeoutMs: 10_000,
      }),
    });
    if (pilot) {
      api.push({
        name: 'POST /api/auth/login',
        where: 'emulator baseline (HTTP)',
        budget: 'reported beside',
        result: await httpLoad({
          url: `${base}/api/auth/login`,
          method: 'POST',
          headers: json,
          body: JSON.stringify({ email: pilot.email, password: pilot.password }),
          concurrency: 1,
          requests: 10,
        }),
      });
    }
    console.log('emulator baseline measured');
  }

  // ---- the FAA airmen file import at the real file's scale, on its own scratch database
  if (!args['skip-airmen']) {
    airmen = await runAirmenImport(AIRMEN_PEOPLE);
    console.log('airmen import measured');
  }

  // ---- the scale data set (docs/decisions/0200, 0201, 0203): on a server of its own when one is
  // named, else on the local database once `npm run seed:scale` filled it (served after the demo
  // server stops: one product at a time in this process)
  emulator?.kill();
  await product.stop();
  stopped = true;
  scale = await measureScaleSet();
  console.log(scale.length ? 'scale data set measured' : `scale data set not measured: ${scaleSkipped}`);

  writeFileSync(path.join(ROOT, 'bench/RESULTS.md'), report(weights, lighthouse, axe));
  console.log(readFileSync(path.join(ROOT, 'bench/RESULTS.md'), 'utf8'));
} finally {
  emulator?.kill();
  if (!stopped) await product.stop();
}
process.exit(0);

/** The scale section's lines, or none with the reason in `scaleSkipped`. */
async function measureScaleSet(): Promise<string[]> {
  const origin = process.env['BENCH_SCALE_ORIGIN'];
  const databaseUrl = process.env['SCALE_DATABASE_URL'];
  if (origin && databaseUrl) {
    scaleWhere = origin;
    return scaleReport(await measureScale(origin, databaseUrl, { browser: Boolean(chromePath) }));
  }
  if (!existsSync(LOCAL_DATA_DIR)) {
    scaleSkipped = 'no local database: run `npm run seed:scale` first';
    return [];
  }
  let server: Awaited<ReturnType<typeof startProduct>>;
  try {
    server = await startProduct({ port: 4611, dataDir: LOCAL_DATA_DIR, build: false, quiet: true });
  } catch (error) {
    scaleSkipped = `the local database could not be served (is \`npm start\` running on it?): ${error instanceof Error ? error.message : String(error)}`;
    return [];
  }
  try {
    const check = connectDb(server.databaseUrl);
    const seeded = await hasScaleData(check).finally(() => check.destroy());
    if (!seeded) {
      scaleSkipped = 'the local database holds no scale data set: run `npm run seed:scale` first';
      return [];
    }
    scaleWhere = `the local database filled by \`npm run seed:scale\`, served on ${server.url}`;
    return scaleReport(await measureScale(server.url, server.databaseUrl, { browser: Boolean(chromePath) }));
  } finally {
    await server.stop();
  }
}

/** Runs `bench/airmen-import.ts` in its own process and keeps the lines it prints. */
function runAirmenImport(people: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    // The locale of the shell: something loaded earlier in this process leaves LC_* values that
    // initdb (the scratch database's) refuses ("invalid locale settings").
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('LC_')));
    const child = spawn(process.execPath, [path.join(ROOT, 'bench/airmen-import.ts'), String(people)], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...env, LANG: 'C.UTF-8' },
    });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out.trim().split('\n')) : reject(new Error(`bench/airmen-import.ts exited with ${code}`)),
    );
  });
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function report(weights: PageWeight[], lighthouse: LighthouseScores[], axe: Record<string, string[]>): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const lines = [
    '# Benchmark results',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench\` on ${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, against the production-like local server (\`npm start\`: built \`dist/\` through Netlify's emulator, functions served warm, embedded PostgreSQL 18). Load average (1 min) when the bench started: ${LOAD_AT_START}; run it on an idle machine. Budgets: \`BUDGETS.md\` of the product brief.`,
    '',
    '## Page weight (gzip)',
    '',
    '| page | HTML | CSS | JS at load (no island) | islands JS (all, shared counted once) | budget |',
    '|---|---|---|---|---|---|',
    ...weights.map(
      (w) =>
        `| \`${w.path}\` | ${kb(w.htmlGzip)} | ${kb(w.cssGzip)} | ${kb(w.eagerJsGzip)} | ${kb(w.islandsJsGzip)} | ${budgetFor(w.path)} |`,
    ),
    '',
    'Per island (its module plus everything it imports statically, shared chunks included, so islands of one page do not add up):',
    '',
    '| page | island | hydrates | JS gzip |',
    '|---|---|---|---|',
    ...weights.flatMap((w) =>
      w.islands.map((i) => `| \`${w.path}\` | ${i.component} | \`client:${i.hydrate}\` | ${kb(i.gzipBytes)} |`),
    ),
    '',
    '## Lighthouse (mobile profile, simulated throttling, system Chromium)',
    '',
    lighthouse.length
      ? [
          '| page | performance | accessibility | best practices | SEO | CLS | LCP | TBT |',
          '|---|---|---|---|---|---|---|---|',
          ...lighthouse.map(
            (l) =>
              `| \`${l.path}\` | ${l.performance} | ${l.accessibility} | ${l.bestPractices} | ${l.seo} | ${l.cls.toFixed(3)} | ${Math.round(l.lcpMs)} ms | ${Math.round(l.tbtMs)} ms |`,
          ),
        ].join('\n')
      : '_not run (no Chromium, or --skip-lighthouse)_',
    '',
    'Budget: performance >= 98 (issue target >= 95), accessibility 100, best practices 100, SEO 100, CLS <= 0.05.',
    '',
    '## axe-core',
    '',
    Object.keys(axe).length
      ? Object.entries(axe)
          .map(([p, v]) => `- \`${p}\`: ${v.length ? v.join(', ') : 'no violations'}`)
          .join('\n')
      : '_not run_',
    '',
    '## API over HTTP through the local product',
    '',
    '"local product" is `npm start`: functions loaded once and served warm (docs/decisions/0007). The load comes from a separate Node process on the same 2 cores: 20 clients, each one keep-alive `node:http` connection from its own loopback address (twenty visitors, docs/decisions/0075), for 10 s after a short warm-up; sign-in is 40 sequential calls from 1 client. "emulator baseline" is the same product served by Netlify\'s emulator with its functions feature on (`bench/lib/emulator-server.ts`), which bundles each call afresh: the cost `npm start` had before, and `npm run dev` has now. An error is a call with no answer (the baseline\'s calls time out after 10 s).',
    '',
    '| call | where | requests | clients | errors | non-2xx | req/s | p50 | p95 | p99 | budget |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...api.map(
      ({ name, where, result: r, budget }) =>
        `| ${name} | ${where} | ${r.requests} | ${r.concurrency} | ${r.errors} | ${r.non2xx} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${budget} |`,
    ),
    '',
    ...baselineRatios(api),
    '',
    '## Blog pages rendered on demand, uncached',
    '',
    "One client, 200 requests in sequence after 20 warm-up ones, straight to `npm start` (no CDN in front: every request renders from the database, as a CDN miss does on Netlify). Render is the page's own `Server-Timing` (database reads included); HTTP is the time to the last byte. Budget: an uncached article renders in <= 50 ms at p50.",
    '',
    blogRender,
    '',
    '## FAA airmen file import',
    '',
    `\`./node_modules/.bin/node bench/airmen-import.ts ${AIRMEN_PEOPLE}\`: NONPILOT_BASIC.csv and NONPILOT_CERT.csv generated in the FAA layout, imported chunk after chunk as the console sends them (4 MiB chunks) into a scratch PostgreSQL, after last month's file so the finishing call drops it. Each chunk is one function call in production: every call, the finishing one included, must fit the function's time limit (10 s on Netlify; the query timeout is 5 s).`,
    '',
    airmen.length ? airmen.map((l) => `- ${l}`).join('\n') : '_not run (--skip-airmen)_',
    '',
    '## Dashboards: sign-in click to usable',
    '',
    'Chromium through the real sign-in form of `/dashboard` (pilot, mechanic) and `/admin`, at a 390 px phone profile (touch, 3x) and at 1366x900, a new browser context per run after one warm-up run (a returning visitor\'s cache). The form is filled and clicked as soon as the island is hydrated, not after the page went idle. Usable: the sections (tabs) are on screen, the open tab shows its data, and nothing says "Loading". Budgets: <= 1500 ms from the click, and <= 400 ms after the sign-in answer (the answer is the password hash, the floor).',
    '',
    dashboards.length
      ? [
          '| role | profile | runs (ms) | median | max | sign-in answer (median) | answer to usable (median, budget <= 400 ms) |',
          '|---|---|---|---|---|---|---|',
          ...dashboards.map(
            (d) =>
              `| ${d.role} | ${d.profile} | ${d.runs.map((t) => Math.round(t)).join(', ')} | ${Math.round(d.median)} ms | ${Math.round(d.max)} ms | ${Math.round(d.answerMedian)} ms | ${Math.round(d.afterAnswerMedian)} ms |`,
          ),
          '',
          'The waterfall of the last run of each (ms after the click: start-end):',
          '',
          ...dashboards.map(
            (d) =>
              `- ${d.role}, ${d.profile}: ` +
              d.waterfall
                .map((r) => `${r.what.replace(/^\/_astro\//, '')} ${Math.round(r.start)}-${Math.round(r.end)}`)
                .join('; '),
          ),
        ].join('\n')
      : '_not run (no Chromium)_',
    '',
    '## Dashboard sections and console tabs: press to content',
    '',
    'The same roles and profiles, signed in through the form, the page left until quiet (no request for 500 ms), then every other tab opened once (first open: its code, if not yet fetched, and its data) and every tab again (second open). Milliseconds from pressing the tab to its panel showing content with nothing saying "Loading", on the page\'s clock; the median of 3 runs after one warm-up. Budgets: first open <= 300 ms, again <= 100 ms.',
    '',
    sections.length
      ? [
          '| role | profile | section | first open (median) | again (median) |',
          '|---|---|---|---|---|',
          ...sections.map(
            (t) =>
              `| ${t.role} | ${t.profile} | ${t.section} | ${Number.isNaN(t.firstMedian) ? 'opens with the dashboard' : `${Math.round(t.firstMedian)} ms`} | ${Math.round(t.againMedian)} ms |`,
          ),
        ].join('\n')
      : '_not run (no Chromium)_',
    '',
    '## Scale data set (`npm run seed:scale`), beside the demo data above',
    '',
    scale.length
      ? [
          `\`bench/scale.ts\` against ${scaleWhere}: 5,000 mechanics, 50,000 owners, 200,000 requests, 2 million notifications, 5,000 more mechanics around KDEN. Each figure beside its budget (BUDGETS.md, "Scale").`,
          '',
          ...scale,
        ].join('\n')
      : `_not run: ${scaleSkipped}. \`npm run seed:scale\` fills the local database, which the bench then serves on its own; or name a server with BENCH_SCALE_ORIGIN and its database with SCALE_DATABASE_URL._`,
    '',
  ];
  return lines.join('\n');
}

/** How many times slower the emulator baseline was, per call, at the median. */
function baselineRatios(rows: ApiRow[]): string[] {
  const lines: string[] = [];
  for (const warm of rows.filter((r) => r.where.startsWith('local product'))) {
    const base = rows.find(
      (r) => r.name === warm.name && r.where.startsWith('emulator') && r.result.concurrency === warm.result.concurrency,
    );
    if (base && warm.result.p50 > 0)
      lines.push(
        `- ${warm.name}: the emulator baseline's p50 is ${Math.round(base.result.p50 / warm.result.p50)}x the warm product's, at ${base.result.perSecond.toFixed(1)} vs ${warm.result.perSecond.toFixed(0)} req/s.`,
      );
  }
  return lines;
}

function budgetFor(p: string): string {
  if (p === '/') return 'HTML <= 14 KB; islands <= 90 KB (goal; ceiling 110 KB), none before visible/idle';
  if (p === '/blog') return 'JS <= 15 KB, no React';
  if (p.startsWith('/blog/')) return 'JS <= 3 KB';
  return '<= 250 KB, split per tab';
}
