// `npm run test:defects [-- --only <id>]`: applies ten deliberate defects to the working tree, one
// at a time, runs the tests that should catch each, and reports which test failed (the defect was
// caught) or that none did (a hole in the suite). Each file is restored after its run, also on
// Ctrl-C. The point: the suite made faster must still catch the bugs people make
// (docs/decisions/0332-test-changed.md).
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFECTS } from './lib/defects.ts';
import { ROOT } from './lib/paths.ts';

function runQuiet(cmd: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd[0]!, cmd.slice(1), { cwd: ROOT, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** The failing tests' names, as Vitest (`×`/FAIL) and Playwright (`N) [project] › file › title`) print them. */
function failedTests(output: string): string[] {
  // eslint-disable-next-line no-control-regex
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
  const found = new Set<string>();
  for (const line of plain.split('\n')) {
    const vitestFail = /^\s*(?:×|FAIL)\s+(.+?)(?:\s+\d+ms)?$/.exec(line);
    const playwrightFail = /^\s*\d+\) \[[^\]]+\] › (.+?) ─*$/.exec(line);
    const name = (vitestFail?.[1] ?? playwrightFail?.[1])?.trim();
    if (name) found.add(name);
  }
  // The API run ends with the invariants of the jobs' money and records over every row it wrote.
  const invariants = /check:data: \d+ row\(s\)[^\n]*break an invariant/.exec(plain);
  if (invariants) found.add(`the API run's invariant check (${invariants[0]})`);
  return [...found].slice(0, 3);
}

const { values } = parseArgs({ options: { only: { type: 'string' } } });
const chosen = values.only ? DEFECTS.filter((d) => d.id === values.only) : DEFECTS;
if (!chosen.length) {
  console.error(`No defect ${values.only}; one of: ${DEFECTS.map((d) => d.id).join(', ')}`);
  process.exit(2);
}

let restore: (() => void) | null = null;
process.on('SIGINT', () => {
  restore?.();
  process.exit(130);
});

const results: Array<{ id: string; caught: boolean; by: string[]; seconds: number }> = [];
for (const d of chosen) {
  const file = path.join(ROOT, d.file);
  const original = readFileSync(file, 'utf8');
  if (!original.includes(d.find)) {
    console.error(`${d.id}: the code it changes is no longer in ${d.file}: update the drill`);
    results.push({ id: d.id, caught: false, by: ['(not applied: code moved)'], seconds: 0 });
    continue;
  }
  restore = () => writeFileSync(file, original);
  writeFileSync(file, original.replace(d.find, d.replace));
  const started = performance.now();
  try {
    // Browser runs build and serve their own copy of the product on ports of their own.
    const { code, output } = await runQuiet(d.run, { E2E_PORT: '4477', E2E_FAKE_PROVIDER_PORT: '4378' });
    const by = failedTests(output);
    if (process.env['DRILL_VERBOSE']) console.log(output);
    results.push({ id: d.id, caught: code !== 0, by, seconds: (performance.now() - started) / 1000 });
    console.log(
      `${code !== 0 ? 'caught' : 'MISSED'}  ${d.id}: ${d.what} (${Math.round((performance.now() - started) / 1000)} s)`,
    );
    for (const name of by) console.log(`        by ${name}`);
  } finally {
    restore();
    restore = null;
  }
}
const missed = results.filter((r) => !r.caught);
console.log(`\n${results.length - missed.length} of ${results.length} defects caught`);
process.exit(missed.length ? 1 : 0);
