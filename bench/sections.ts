// A dashboard section or console tab opened for the first time and again, alone:
// `node bench/sections.ts [--no-build] [--runs N] [--port P]`. Starts the production-like server on a
// fresh database with the demo data (as `npm run bench` does) and prints, per role, profile and tab,
// the milliseconds from pressing the tab to its content. Budgets: first open <= 300 ms, again <= 100 ms.
// The tab a dashboard opens with has no first open of its own: its time is the sign-in bench's.
import { benchProduct } from './lib/bench-product.ts';
import { measureSections } from './lib/sections.ts';

const { product, chromePath, runs, load, logins } = await benchProduct({ name: 'bench-sections', port: 4612, runs: 3 });
try {
  const timings = await measureSections(product.url, logins, chromePath, runs);
  console.log(`load average at start: ${load}`);
  for (const t of timings) {
    const first = t.first.length
      ? `first ${t.first.map(Math.round).join(', ').padEnd(16)} median ${String(Math.round(t.firstMedian)).padStart(4)} ms (<= 300)`
      : 'opens with the dashboard (its time: bench/dashboards.ts)';
    console.log(
      `${t.role.padEnd(8)} ${t.profile.padEnd(12)} ${t.section.padEnd(22)} ${first.padEnd(52)}   again ${t.again.map(Math.round).join(', ').padEnd(14)} median ${String(Math.round(t.againMedian)).padStart(4)} ms (<= 100)`,
    );
  }
} finally {
  await product.stop();
}
