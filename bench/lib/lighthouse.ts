// Lighthouse for the benchmarks, and only for them: it and the browser tools it brings (Puppeteer,
// Sentry with its OpenTelemetry instrumentations: 295 packages, 38 % of the files of the project's
// node_modules) are installed in bench/node_modules from bench/package-lock.json the first
// time a bench needs them, not by `npm install`, which every clean checkout and CI run pays for
// (docs/decisions/0500-lighthouse-installed-by-the-bench.md).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The part of Lighthouse's report the benches read. */
export interface LighthouseReport {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number; displayValue?: string; details?: unknown } | undefined>;
}

interface LighthouseModules {
  lighthouse: (
    url: string,
    flags: { port: number; output: 'json'; logLevel: 'error'; onlyCategories: string[] },
  ) => Promise<{ lhr: LighthouseReport } | undefined>;
  launch: (options: { chromePath: string; chromeFlags: string[] }) => Promise<{ port: number; kill: () => void }>;
}

/** Whether `error` says a package could not be found (bench/node_modules not installed yet). */
function isNotInstalled(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'ERR_MODULE_NOT_FOUND';
}

// Named through a variable so that the type checker of a checkout without them does not look for
// them: their types are the few fields above.
const LIGHTHOUSE = 'lighthouse';
const CHROME_LAUNCHER = 'chrome-launcher';

async function importModules(): Promise<LighthouseModules> {
  const [{ default: lighthouse }, { launch }] = await Promise.all([
    import(LIGHTHOUSE) as Promise<{ default: LighthouseModules['lighthouse'] }>,
    import(CHROME_LAUNCHER) as Promise<{ launch: LighthouseModules['launch'] }>,
  ]);
  return { lighthouse, launch };
}

let loaded: Promise<LighthouseModules> | undefined;

/** Lighthouse and chrome-launcher from bench/node_modules, installed there from the bench's lock file first if missing. */
function loadLighthouse(): Promise<LighthouseModules> {
  loaded ??= importModules().catch((error: unknown) => {
    if (!isNotInstalled(error)) throw error;
    console.log('Installing Lighthouse for the benchmarks into bench/node_modules (once)...');
    const npm = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: BENCH_DIR,
      stdio: 'inherit',
    });
    if (npm.status !== 0) throw new Error(`npm ci in bench/ failed (exit ${npm.status ?? npm.signal})`);
    return importModules();
  });
  return loaded;
}

/**
 * One Lighthouse run (its default: mobile, simulated throttling) of `url` in a fresh headless
 * Chromium at `chromePath`, which is closed afterwards.
 */
export async function lighthouseReport(
  url: string,
  options: { chromePath: string; chromeFlags: string[]; onlyCategories: string[] },
): Promise<LighthouseReport> {
  const { lighthouse, launch } = await loadLighthouse();
  const chrome = await launch({ chromePath: options.chromePath, chromeFlags: options.chromeFlags });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: options.onlyCategories,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

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

/** Lighthouse's four categories of one page in the system Chromium, for bench/RESULTS.md. */
export async function runLighthouse(origin: string, path: string, chromePath: string): Promise<LighthouseScores> {
  const { categories, audits } = await lighthouseReport(origin + path, {
    chromePath,
    chromeFlags: CHROME_FLAGS,
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
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
}
