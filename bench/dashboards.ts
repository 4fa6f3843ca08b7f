// Sign-in click to usable dashboard, alone: `node bench/dashboards.ts [--no-build] [--runs N] [--port P]`.
// Starts the production-like server on a fresh database with the demo data (as `npm run bench`
// does) and prints, per role and profile, the times and the waterfall after the click. The full
// bench (`npm run bench`) measures the same and writes it into bench/RESULTS.md.
import { benchProduct } from './lib/bench-product.ts';
import { measureDashboards } from './lib/dashboards.ts';

const { product, chromePath, runs, load, logins } = await benchProduct({
  name: 'bench-dashboards',
  port: 4611,
  runs: 5,
});
try {
  const timings = await measureDashboards(product.url, logins, chromePath, runs);
  console.log(`load average at start: ${load}`);
  for (const t of timings) {
    console.log(
      `${t.role.padEnd(8)} ${t.profile.padEnd(12)} usable median ${Math.round(t.median)} ms (max ${Math.round(t.max)}), ` +
        `sign-in answer ${Math.round(t.answerMedian)} ms, answer to usable ${Math.round(t.afterAnswerMedian)} ms (budget <= 400)`,
    );
    for (const r of t.waterfall)
      console.log(`    ${String(Math.round(r.start)).padStart(5)}-${String(Math.round(r.end)).padEnd(5)} ${r.what}`);
  }
} finally {
  await product.stop();
}
