import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseScores {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
}

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Lighthouse's default (mobile, simulated throttling) run of one page in the system Chromium. */
export async function runLighthouse(origin: string, path: string, chromePath: string): Promise<LighthouseScores> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(origin + path, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    return {
      path,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      cls: Number(audits['cumulative-layout-shift']?.numericValue ?? NaN),
      lcpMs: Number(audits['largest-contentful-paint']?.numericValue ?? NaN),
      tbtMs: Number(audits['total-blocking-time']?.numericValue ?? NaN),
    };
  } finally {
    chrome.kill();
  }
}
