// A dashboard section or console tab opened for the first time and again, alone:
// `node bench/sections.ts [--no-build] [--runs N]`. Starts the production-like server on a fresh
// database with the demo data (as `npm run bench` does) and prints, per role, profile and tab, the
// milliseconds from pressing the tab to its content. Budgets: first open <= 300 ms, again <= 100 ms.
import { existsSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { startProduct } from '../scripts/lib/product.ts';
import { measureSections } from './lib/sections.ts';

const { values: args } = parseArgs({
  options: { 'no-build': { type: 'boolean', default: false }, runs: { type: 'string', default: '3' } },
});
const chromePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
if (!chromePath) throw new Error('No Chromium: apt-get install -y chromium');

const load = os.loadavg()[0]!.toFixed(2);
const product = await startProduct({
  port: 4612,
  dataDir: '.data/bench-sections/postgres',
  fresh: true,
  build: !args['no-build'],
  quiet: true,
});
try {
  const timings = await measureSections(
    product.url,
    ['pilot', 'mechanic', 'admin'].flatMap((role) => product.logins.filter((l) => l.role === role).slice(0, 1)),
    chromePath,
    Number(args.runs),
  );
  console.log(`load average at start: ${load}`);
  for (const t of timings)
    console.log(
      `${t.role.padEnd(8)} ${t.profile.padEnd(12)} ${t.section.padEnd(22)} first ${t.first.map(Math.round).join(', ').padEnd(16)} median ${String(Math.round(t.firstMedian)).padStart(4)} ms (<= 300)   again ${t.again.map(Math.round).join(', ').padEnd(14)} median ${String(Math.round(t.againMedian)).padStart(4)} ms (<= 100)`,
    );
} finally {
  await product.stop();
}
