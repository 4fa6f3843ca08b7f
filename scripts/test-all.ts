// `npm test`: typecheck, lint, formatting, import direction, unit + API tests (Vitest, real PostgreSQL), browser tests
// (Playwright, system Chromium, production-like server). Prints each runner's summary and, last,
// one line `N passed, N failed` totalling them all. Exits non-zero when anything failed.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { lastBuild } from './lib/build-inputs.ts';
import { ROOT } from './lib/paths.ts';

interface Tally {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  /** How long the stage took, for the summary: the first place to look when CI gets slow. */
  seconds?: number;
}
const tallies: Tally[] = [];
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);

function run(name: string, cmd: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  console.log(`\n=== ${name} ===`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
}

/**
 * Starts checks side by side, collecting each one's output; `report` then prints each output and
 * counts each check as one pass or fail.
 */
function startChecks(list: Array<{ name: string; cmd: string; args: string[] }>): { report: () => Promise<void> } {
  const results = Promise.all(
    list.map(
      ({ name, cmd, args }) =>
        new Promise<{ name: string; ok: boolean; output: string; seconds: number }>((resolve) => {
          const started = performance.now();
          const child = spawn(cmd, args, { cwd: ROOT, env: process.env });
          let output = '';
          child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
          child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
          const seconds = () => (performance.now() - started) / 1000;
          child.on('close', (code) => resolve({ name, ok: code === 0, output, seconds: seconds() }));
          child.on('error', (error) => resolve({ name, ok: false, output: String(error), seconds: seconds() }));
        }),
    ),
  );
  return {
    report: async () => {
      for (const { name, ok, output, seconds } of await results) {
        console.log(`\n=== ${name} ===\n${output.trimEnd()}`);
        tallies.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, seconds });
        console.log(`${name}: ${ok ? 'passed' : 'FAILED'}`);
      }
    },
  };
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: Array<{ title: string; file: string; line: number; tests: Array<{ status: string }> }>;
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites?: PlaywrightSuite[];
}

/** Tests that failed first and passed on CI's one retry: named in the last lines, never silent. */
const flakyTests: string[] = [];
function flakyTitles(suites: PlaywrightSuite[], parents: string[] = []): string[] {
  const found: string[] = [];
  for (const suite of suites) {
    const titles = suite.title && !suite.file?.endsWith(suite.title) ? [...parents, suite.title] : parents;
    for (const spec of suite.specs ?? []) {
      if (spec.tests.some((t) => t.status === 'flaky'))
        found.push(`${spec.file}:${spec.line} ${[...titles, spec.title].join(' > ')}`);
    }
    found.push(...flakyTitles(suite.suites ?? [], titles));
  }
  return found;
}

const ESLINT_CACHE = ['--cache', '--cache-strategy', 'content', '--cache-location', 'node_modules/.cache/eslint/'];
const PRETTIER_CACHE = ['--cache', '--cache-strategy', 'content'];

mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
const only = process.argv[2]; // e.g. `npm test -- e2e` runs one stage

// The static checks run while the unit and API tests do, and are awaited before the browser tests:
// run through the browser stage instead (niced), they took its cycles and the browser tests went
// from 653 s to 1,205 s on an idle machine (docs/decisions/0296). Their output follows Vitest's.
const staticChecks =
  !only || only === 'static'
    ? startChecks([
        // `astro check` on the .astro files, `tsc` (incremental) on the rest (scripts/typecheck.ts).
        { name: 'typecheck', cmd: process.execPath, args: [path.join(ROOT, 'scripts/typecheck.ts')] },
        // ESLint and Prettier keep each file's result under node_modules/.cache, keyed by its
        // content and the configuration: a file unchanged since the last run is not read again
        // (docs/decisions/0331-static-checks-cached.md). A clean clone has no cache and checks all.
        { name: 'lint', cmd: bin('eslint'), args: ['.', '--max-warnings=0', ...ESLINT_CACHE] },
        // Formatting is enforced, not only configured: `npm run format` fixes what this finds.
        { name: 'format', cmd: bin('prettier'), args: ['--check', '--log-level=warn', ...PRETTIER_CACHE, '.'] },
        // No import cycle between files; imports between features point one way (docs/decisions/0004).
        { name: 'import direction', cmd: process.execPath, args: [path.join(ROOT, 'scripts/check-imports.ts')] },
      ])
    : undefined;

if (!only || only === 'vitest') {
  const out = path.join(ROOT, 'test-results/vitest.json');
  rmSync(out, { force: true });
  const started = performance.now();
  const status = await run('unit and API tests (vitest)', bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
    };
    tallies.push({
      name: 'vitest',
      passed: report.numPassedTests,
      failed: report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0),
      skipped: report.numPendingTests,
      seconds: (performance.now() - started) / 1000,
    });
  } else {
    tallies.push({ name: 'vitest', passed: 0, failed: 1, skipped: 0, seconds: (performance.now() - started) / 1000 });
  }
}

await staticChecks?.report();

if (!only || only === 'e2e') {
  const out = path.join(ROOT, 'test-results/e2e.json');
  rmSync(out, { force: true });
  mkdirSync(path.join(ROOT, '.data'), { recursive: true });
  // One browser run at a time on a machine: the run serves dist/ on a fixed port.
  const started = performance.now();
  // dist/ is built again only when something the build reads changed since a passing run built it
  // (scripts/lib/build-inputs.ts, as `npm run test:changed` does): a clean clone, a new day, or a
  // change to a page, an island or the demo data builds; a change to a function's code does not.
  const build = lastBuild();
  console.log(build.reusable ? '\ndist/ is built from these sources: not building again.' : '\nBuilding dist/.');
  // The whole suite records no trace on a first run (playwright.config.ts says why).
  const status = await run(
    'browser tests (playwright)',
    'flock',
    [path.join(ROOT, '.data/e2e.lock'), bin('playwright'), 'test'],
    { E2E_WHOLE_SUITE: '1', ...(build.reusable ? { E2E_NO_BUILD: '1' } : {}) },
  );
  // Stamped only after a passing run: a failed one may not have built at all.
  if (status === 0) build.recordIfBuilt();
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8')) as PlaywrightReport;
    const { expected, unexpected, flaky, skipped } = report.stats;
    flakyTests.push(...flakyTitles(report.suites ?? []));
    tallies.push({
      name: 'playwright',
      passed: expected + flaky,
      failed: unexpected + (status !== 0 && unexpected === 0 ? 1 : 0),
      skipped,
      seconds: (performance.now() - started) / 1000,
    });
  } else {
    tallies.push({
      name: 'playwright',
      passed: 0,
      failed: 1,
      skipped: 0,
      seconds: (performance.now() - started) / 1000,
    });
  }
}

console.log('\n=== summary ===');
if (flakyTests.length > 0) {
  console.log(`flaky: ${flakyTests.length} browser test(s) failed once and passed on retry; fix them:`);
  for (const title of flakyTests) console.log(`  flaky: ${title}`);
}
for (const t of tallies)
  console.log(
    `${t.name}: ${t.passed} passed, ${t.failed} failed${t.skipped ? `, ${t.skipped} skipped` : ''}${t.seconds === undefined ? '' : ` (${Math.round(t.seconds)} s)`}`,
  );
const passed = tallies.reduce((n, t) => n + t.passed, 0);
const failed = tallies.reduce((n, t) => n + t.failed, 0);
const skipped = tallies.reduce((n, t) => n + t.skipped, 0);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
