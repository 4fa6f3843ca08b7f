// `npm test`: typecheck, lint, formatting, import direction, unit + API tests (Vitest, real PostgreSQL), browser tests
// (Playwright, system Chromium, production-like server). Prints each runner's summary and, last,
// one line `N passed, N failed` totalling them all. Exits non-zero when anything failed.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { E2E_SERVER_ARGS, E2E_SERVER_ENV, E2E_SERVER_STARTED, E2E_URL } from './lib/e2e-server.ts';
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

mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
const only = process.argv[2]; // e.g. `npm test -- e2e` runs one stage

/** Whether something already answers on the browser tests' port (then Playwright's own rules apply). */
async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

/**
 * The browser tests' server, started before Vitest when the whole suite runs: its build (minutes
 * of CPU) and demo data then overlap the API tests, which mostly wait on PostgreSQL. It only
 * builds and then idles, so no Vitest timing depends on it. Its output: test-results/e2e-server.log.
 */
async function startE2eServerEarly(): Promise<{ ready: () => Promise<boolean>; stop: () => void } | undefined> {
  if (await answers(E2E_URL)) return undefined;
  const log = createWriteStream(path.join(ROOT, 'test-results/e2e-server.log'));
  // Under the browser tests' lock (one run at a time on a checkout: it wipes .data/e2e); when
  // another run holds it, `-n` gives up and Playwright waits for the lock as before. Its own
  // process group, so that stopping it stops the server and its database.
  const child: ChildProcess = spawn('flock', ['-n', E2E_LOCK, process.execPath, ...E2E_SERVER_ARGS], {
    cwd: ROOT,
    env: { ...process.env, ...E2E_SERVER_ENV },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let exited = false;
  child.on('exit', () => (exited = true));
  return {
    // Playwright gives its own server 240 s; this one had Vitest's whole run already.
    ready: async () => {
      const deadline = Date.now() + 240_000;
      while (!exited && Date.now() < deadline) {
        if (await answers(E2E_URL)) return true;
        await sleep(500);
      }
      return false;
    },
    stop: () => {
      if (!exited && child.pid) process.kill(-child.pid, 'SIGTERM');
    },
  };
}
const E2E_LOCK = path.join(ROOT, '.data/e2e.lock');
mkdirSync(path.join(ROOT, '.data'), { recursive: true });
const earlyServer = !only ? await startE2eServerEarly() : undefined;

// The static checks run while the unit and API tests do: those mostly wait (on PostgreSQL, fake
// providers, deliberate timeouts), so the two cores have room for them. Their output follows.
const staticChecks =
  !only || only === 'static'
    ? startChecks([
        {
          name: 'typecheck',
          cmd: process.execPath,
          args: [path.join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'check', '--minimumSeverity', 'warning'],
        },
        { name: 'lint', cmd: bin('eslint'), args: ['.', '--max-warnings=0'] },
        // Formatting is enforced, not only configured: `npm run format` fixes what this finds.
        { name: 'format', cmd: bin('prettier'), args: ['--check', '--log-level=warn', '.'] },
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
  // One browser run at a time on a machine: the run builds dist/ and serves it on a fixed port.
  const started = performance.now();
  const early = (await earlyServer?.ready()) ?? false;
  if (earlyServer && !early) console.log('The early browser-test server did not start (test-results/e2e-server.log).');
  if (!early) earlyServer?.stop();
  // One browser run at a time on a checkout; the early server holds the lock for this run.
  const status = early
    ? await run('browser tests (playwright)', bin('playwright'), ['test'], { [E2E_SERVER_STARTED]: '1' })
    : await run('browser tests (playwright)', 'flock', [E2E_LOCK, bin('playwright'), 'test']);
  earlyServer?.stop();
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
