// `npm run bench`: page weight, Lighthouse, axe and API latency of the production-like local
// product, written to bench/RESULTS.md beside the budgets of BUDGETS.md.
// Flags: --no-build (reuse dist/), --skip-lighthouse.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../scripts/lib/paths.ts';
import { startProduct } from '../scripts/lib/product.ts';
import { runAxe } from './lib/axe.ts';
import { runLighthouse, type LighthouseScores } from './lib/lighthouse.ts';
import { load, type LoadResult } from './lib/load.ts';
import { measurePage, type PageWeight } from './lib/page-weight.ts';

const { values: args } = parseArgs({
  options: { 'no-build': { type: 'boolean', default: false }, 'skip-lighthouse': { type: 'boolean', default: false } },
});
const chromePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

// Public forms are rate-limited per IP; the load test comes from one address.
process.env['PUBLIC_WRITE_RATE_LIMIT'] = '1000000';
const product = await startProduct({ port: 4610, dataDir: '.data/bench/postgres', fresh: true, build: !args['no-build'], quiet: true });
process.env['DATABASE_URL'] = product.databaseUrl;
const origin = product.url;
console.log(`Benchmarking ${origin}`);

type Handler = (req: Request, ctx: { ip?: string; params?: Record<string, string> }) => Promise<Response>;
async function handlerOf(file: string): Promise<Handler | undefined> {
  const full = path.join(ROOT, 'netlify/functions', file);
  if (!existsSync(full)) return undefined;
  return ((await import(full)) as { default: Handler }).default;
}

const quote = (i: number) => ({
  firstName: 'Bench', lastName: `Client ${i}`, returnEmail: `bench${i}@example.com`, returnPhone: '(415) 555-0100',
  aircraftMake: 'Cessna', aircraftModel: '172S', aircraftType: 'single-engine', serviceType: 'annual',
  preferredTimeframe: 'flexible', message: 'Annual inspection quote please.', lastInvoiceAmount: '2500',
  scheduleConsultation: false, emailUpdates: true,
});
const post = (url: string, body: unknown) =>
  new Request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const api: Array<{ name: string; where: string; result: LoadResult; budget: string }> = [];
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

  // ---- API: the handler itself, in process (what production runs warm), and through the emulator
  const quotes = await handlerOf('quotes.ts');
  if (quotes) {
    api.push({ name: 'POST /api/quotes', where: 'handler', budget: 'p95 <= 40 ms at 20 clients', result: await load(2000, 20, async (i) => (await quotes(post(`${origin}/api/quotes`, quote(i)), { ip: `10.9.${i >> 8 & 255}.${i & 255}` })).status === 200) });
    api.push({ name: 'POST /api/quotes', where: 'emulator (HTTP)', budget: 'reported beside', result: await load(200, 20, async (i) => (await fetch(post(`${origin}/api/quotes`, quote(i)))).status === 200) });
  }
  const posts = await handlerOf('blog-posts.ts');
  if (posts) {
    api.push({ name: 'GET /api/blog/posts', where: 'handler', budget: 'p95 <= 15 ms at 20 clients, 0 errors / 5000', result: await load(5000, 20, async (i) => (await posts(new Request(`${origin}/api/blog/posts?page=${(i % 2) + 1}&limit=6`), {})).status === 200) });
    api.push({ name: 'GET /api/blog/posts', where: 'emulator (HTTP)', budget: 'reported beside', result: await load(200, 20, async (i) => (await fetch(`${origin}/api/blog/posts?page=${(i % 2) + 1}&limit=6`)).status === 200) });
  }
  const categories = await handlerOf('blog-categories.ts');
  if (categories) {
    api.push({ name: 'GET /api/blog/categories', where: 'handler', budget: 'p95 <= 15 ms at 20 clients, 0 errors / 5000', result: await load(5000, 20, async () => (await categories(new Request(`${origin}/api/blog/categories`), {})).status === 200) });
  }
  const login = await handlerOf('auth-login.ts');
  const pilot = product.logins.find((l) => l.role === 'pilot');
  if (login && pilot) {
    for (const concurrency of [1, 4]) {
      api.push({ name: 'POST /api/auth/login', where: `handler, ${concurrency} client${concurrency > 1 ? 's' : ''}`, budget: 'p95 <= 400 ms', result: await load(40, concurrency, async (i) => (await login(post(`${origin}/api/auth/login`, { email: pilot.email, password: pilot.password }), { ip: `10.8.0.${i}` })).status === 200) });
    }
  }

  writeFileSync(path.join(ROOT, 'bench/RESULTS.md'), report(weights, lighthouse, axe));
  console.log(readFileSync(path.join(ROOT, 'bench/RESULTS.md'), 'utf8'));
} finally {
  await product.stop();
}
process.exit(0);

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function report(weights: PageWeight[], lighthouse: LighthouseScores[], axe: Record<string, string[]>): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const lines = [
    '# Benchmark results',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench\` on ${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, against the production-like local server (\`scripts/start.ts\`: built \`dist/\` + functions through Netlify's emulator, embedded PostgreSQL 18). Budgets: \`BUDGETS.md\` of the product brief.`,
    '',
    '## Page weight (gzip)',
    '',
    '| page | HTML | CSS | JS at load (no island) | islands JS (all, shared counted once) | budget |',
    '|---|---|---|---|---|---|',
    ...weights.map((w) => `| \`${w.path}\` | ${kb(w.htmlGzip)} | ${kb(w.cssGzip)} | ${kb(w.eagerJsGzip)} | ${kb(w.islandsJsGzip)} | ${budgetFor(w.path)} |`),
    '',
    'Per island (its module plus everything it imports statically, shared chunks included, so islands of one page do not add up):',
    '',
    '| page | island | hydrates | JS gzip |',
    '|---|---|---|---|',
    ...weights.flatMap((w) => w.islands.map((i) => `| \`${w.path}\` | ${i.component} | \`client:${i.hydrate}\` | ${kb(i.gzipBytes)} |`)),
    '',
    '## Lighthouse (mobile profile, simulated throttling, system Chromium)',
    '',
    lighthouse.length
      ? ['| page | performance | accessibility | best practices | SEO | CLS | LCP | TBT |', '|---|---|---|---|---|---|---|---|', ...lighthouse.map((l) => `| \`${l.path}\` | ${l.performance} | ${l.accessibility} | ${l.bestPractices} | ${l.seo} | ${l.cls.toFixed(3)} | ${Math.round(l.lcpMs)} ms | ${Math.round(l.tbtMs)} ms |`)].join('\n')
      : '_not run (no Chromium, or --skip-lighthouse)_',
    '',
    'Budget: performance >= 98 (issue target >= 95), accessibility 100, best practices 100, SEO 100, CLS <= 0.05.',
    '',
    '## axe-core',
    '',
    Object.keys(axe).length ? Object.entries(axe).map(([p, v]) => `- \`${p}\`: ${v.length ? v.join(', ') : 'no violations'}`).join('\n') : '_not run_',
    '',
    '## API latency',
    '',
    '"handler" calls the function module in process with a `Request`, as a warm production instance runs it (real PostgreSQL, real queries). "emulator" goes over HTTP through Netlify\'s local emulator, which starts a fresh worker per call: its figure is the emulator\'s own per-call cost, reported beside.',
    '',
    '| call | where | requests | clients | errors | req/s | p50 | p95 | p99 | budget |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...api.map(({ name, where, result: r, budget }) => `| ${name} | ${where} | ${r.requests} | ${r.concurrency} | ${r.errors} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${budget} |`),
    '',
  ];
  return lines.join('\n');
}

function budgetFor(p: string): string {
  if (p === '/') return 'HTML <= 14 KB; islands <= 110 KB, none before visible/idle';
  if (p === '/blog') return 'JS <= 15 KB, no React';
  if (p.startsWith('/blog/')) return 'JS <= 3 KB';
  return '<= 250 KB, split per tab';
}
