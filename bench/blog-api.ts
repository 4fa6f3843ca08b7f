// Handler latency of the public blog reads at 20 concurrent clients (BUDGETS.md: p95 <= 15 ms,
// 0 errors over 5,000 requests). Calls the real function modules in-process against DATABASE_URL
// (a migrated, seeded database), so the figure is the handler's own cost, without the emulator.
// Usage: DATABASE_URL=postgres://... node bench/blog-api.ts [requests] [concurrency]
import { performance } from 'node:perf_hooks';

const total = Number(process.argv[2] ?? 5000);
const concurrency = Number(process.argv[3] ?? 20);
if (!process.env['DATABASE_URL']) throw new Error('Set DATABASE_URL to a migrated, seeded database');

const { default: posts } = await import('../netlify/functions/blog-posts.ts');
const { default: categories } = await import('../netlify/functions/blog-categories.ts');
const { closeSharedDb } = await import('../src/server/db/client.ts');

type Handler = (req: Request, ctx: { params?: Record<string, string> }) => Promise<Response>;
const calls: Record<string, () => Promise<Response>> = {
  'GET /api/blog/posts?page=1&limit=6': () =>
    (posts as Handler)(new Request('http://x/api/blog/posts?page=1&limit=6'), {}),
  'GET /api/blog/posts?q=inspection': () =>
    (posts as Handler)(new Request('http://x/api/blog/posts?q=inspection&limit=6'), {}),
  'GET /api/blog/categories': () => (categories as Handler)(new Request('http://x/api/blog/categories'), {}),
};

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

for (const [name, call] of Object.entries(calls)) {
  for (let i = 0; i < 50; i += 1) await (await call()).text(); // warm up
  const times: number[] = [];
  let errors = 0;
  let next = 0;
  const worker = async () => {
    while (next < total) {
      next += 1;
      const t0 = performance.now();
      const res = await call();
      await res.text();
      times.push(performance.now() - t0);
      if (res.status !== 200) errors += 1;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  console.log(
    `${name}: p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms, p99 ${pct(times, 99).toFixed(1)} ms, ` +
      `${errors} errors / ${times.length}, ${(times.length / seconds).toFixed(0)} req/s at ${concurrency} concurrent`,
  );
}
await closeSharedDb();
