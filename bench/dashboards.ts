// Sign-in click to usable dashboard, alone: `node bench/dashboards.ts [--no-build] [--runs N]`.
// Starts the production-like server on a fresh database with the demo data (as `npm run bench`
// does) and prints, per role and profile, the times and the waterfall after the click. The full
// bench (`npm run bench`) measures the same and writes it into bench/RESULTS.md.
import { existsSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { startProduct } from '../scripts/lib/product.ts';
import { measureDashboards } from './lib/dashboards.ts';

const { values: args } = parseArgs({
  options: { 'no-build': { type: 'boolean', default: false }, runs: { type: 'string', default: '5' } },
});
const chromePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
if (!chromePath) throw new Error('No Chromium: apt-get install -y chromium');

const load = os.loadavg()[0]!.toFixed(2);
const product = await startProduct({
  port: 4611,
  dataDir: '.data/bench-dashboards/postgres',
  fresh: true,
  build: !args['no-build'],
  quiet: true,
});
try {
  const timings = await measureDashboards(
    product.url,
    ['pilot', 'mechanic', 'admin'].flatMap((role) => product.logins.filter((l) => l.role === role).slice(0, 1)),
    chromePath,
    Number(args.runs),
  );
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
