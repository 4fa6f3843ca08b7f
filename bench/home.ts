// The home page alone, as `npm run bench` measures it:
// `node bench/home.ts [--no-build] [--runs N] [--port P] [--audits]`.
// Lighthouse (mobile, simulated throttling) N times on `/` of the production-like server with the
// demo data, the median of each figure, the Largest Contentful Paint's element and its phases, and
// the JavaScript the page loads. Budgets: JS <= 90 KB gzip, LCP <= 1.5 s, performance 100.
// `--audits` also prints, from the first run, what holds the first paint back: the server's
// response time, the render-blocking resources, the critical request chains and the LCP's phases.
// `--json` writes each run's whole Lighthouse report to `.data/bench-home/lighthouse-N.json`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { benchProduct } from './lib/bench-product.ts';
import { lighthouseReport } from './lib/lighthouse.ts';

const { product, chromePath, runs, load, flags } = await benchProduct({
  name: 'bench-home',
  port: 4613,
  runs: 3,
  flags: ['audits', 'json'],
});
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
try {
  const rows: Array<{ performance: number; lcp: number; fcp: number; tbt: number; js: number }> = [];
  for (let run = 0; run < runs; run += 1) {
    const lhr = await lighthouseReport(product.url + '/', {
      chromePath,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
      ],
      onlyCategories: ['performance'],
    });
    const { audits, categories } = lhr;
    if (flags['json']) {
      mkdirSync('.data/bench-home', { recursive: true });
      writeFileSync(`.data/bench-home/lighthouse-${run + 1}.json`, JSON.stringify(lhr));
    }
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
      if (flags['audits']) {
        for (const id of [
          'server-response-time',
          'render-blocking-insight',
          'font-display-insight',
          'lcp-breakdown-insight',
        ])
          console.log(
            `${id}: ${audits[id]?.displayValue ?? ''}`,
            JSON.stringify(audits[id]?.details ?? null).slice(0, 1200),
          );
        const chains = (audits['critical-request-chains']?.details as { chains?: unknown } | undefined)?.chains;
        console.log(
          'critical-request-chains:',
          JSON.stringify(chains ?? null)
            .replaceAll(product.url, '')
            .slice(0, 2000),
        );
      }
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
