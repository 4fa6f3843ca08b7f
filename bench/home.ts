// The home page alone, as `npm run bench` measures it: `node bench/home.ts [--no-build] [--runs N]`.
// Lighthouse (mobile, simulated throttling) N times on `/` of the production-like server with the
// demo data, the median of each figure, the Largest Contentful Paint's element and its phases, and
// the JavaScript the page loads. Budgets: JS <= 90 KB gzip, LCP <= 1.5 s, performance 100.
import { existsSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startProduct } from '../scripts/lib/product.ts';

const { values: args } = parseArgs({
  options: { 'no-build': { type: 'boolean', default: false }, runs: { type: 'string', default: '3' } },
});
const chromePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
if (!chromePath) throw new Error('No Chromium: apt-get install -y chromium');

const load = os.loadavg()[0]!.toFixed(2);
const product = await startProduct({
  port: 4613,
  dataDir: '.data/bench-home/postgres',
  fresh: true,
  build: !args['no-build'],
  quiet: true,
});
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
try {
  const rows: Array<{ performance: number; lcp: number; fcp: number; tbt: number; js: number }> = [];
  for (let run = 0; run < Number(args.runs); run += 1) {
    const chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
      ],
    });
    try {
      const result = await lighthouse(product.url + '/', {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      if (!result) throw new Error('Lighthouse returned nothing');
      const { audits, categories } = result.lhr;
      const items = (id: string) =>
        ((audits[id]?.details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? []) as Array<
          Record<string, unknown>
        >;
      const scripts = items('network-requests').filter((r) => r['resourceType'] === 'Script');
      const js = scripts.reduce((sum, r) => sum + Number(r['transferSize'] ?? 0), 0);
      rows.push({
        performance: Math.round((categories['performance']?.score ?? 0) * 100),
        lcp: Number(audits['largest-contentful-paint']?.numericValue),
        fcp: Number(audits['first-contentful-paint']?.numericValue),
        tbt: Number(audits['total-blocking-time']?.numericValue),
        js,
      });
      if (run === 0) {
        const element = items('largest-contentful-paint-element')[0];
        console.log('LCP element:', JSON.stringify(element).slice(0, 600));
        console.log(
          'scripts loaded during the run:',
          scripts.map(
            (r) => `${String(r['url']).replace(product.url, '')} ${Math.round(Number(r['transferSize']) / 1024)} KB`,
          ),
        );
      }
    } finally {
      chrome.kill();
    }
  }
  console.log(`load average at start: ${load}`);
  for (const r of rows)
    console.log(
      `performance ${r.performance}, FCP ${Math.round(r.fcp)} ms, LCP ${Math.round(r.lcp)} ms, TBT ${Math.round(r.tbt)} ms, JS ${(r.js / 1024).toFixed(1)} KB`,
    );
  console.log(
    `median: performance ${median(rows.map((r) => r.performance))}, LCP ${Math.round(median(rows.map((r) => r.lcp)))} ms (<= 1500), JS transferred ${(median(rows.map((r) => r.js)) / 1024).toFixed(1)} KB`,
  );
} finally {
  await product.stop();
}
