// `npm run test:defects [-- --only <id>]`: applies ten deliberate defects to the working tree, one
// at a time, runs the tests that should catch each, and reports which test failed (the defect was
// caught) or that none did (a hole in the suite). Each file is restored after its run, also on
// Ctrl-C. The point: the suite made faster must still catch the bugs people make
// (docs/decisions/0332-test-changed.md).
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './lib/paths.ts';

interface Defect {
  id: string;
  what: string;
  file: string;
  find: string;
  replace: string;
  /** The command that should fail once the defect is in. */
  run: string[];
}

const vitest = (project: 'unit' | 'api', ...files: string[]) => [
  'node_modules/.bin/vitest',
  'run',
  '--project',
  project,
  ...files,
];

export const DEFECTS: Defect[] = [
  {
    id: 'row-lock',
    what: 'the payment row is read without its lock (two steps of one job at once)',
    file: 'src/features/payments/money.server.ts',
    find: ".where('appointmentId', '=', appointmentId)\n      .forUpdate()\n",
    replace: ".where('appointmentId', '=', appointmentId)\n",
    run: vitest('api', 'tests/api/payments.test.ts'),
  },
  {
    id: 'role-check',
    what: 'a pilot may refund a payment (the admin role check lets pilots through)',
    file: 'netlify/functions/admin-payments.ts',
    find: "const admin = await requireRole(ctx, 'admin');",
    replace: "const admin = await requireRole(ctx, 'admin', 'pilot');",
    run: vitest('api', 'tests/api/payments.test.ts'),
  },
  {
    id: 'job-figure-sum',
    what: "a job's total leaves out the parts",
    file: 'src/contract/job-figures.ts',
    find: 'totalCost: (s.labor + s.parts) / 100,',
    replace: 'totalCost: s.labor / 100,',
    run: vitest('unit', 'src/contract/job-figures.test.ts'),
  },
  {
    id: 'csp-header',
    what: 'the API answers without its Content-Security-Policy',
    file: 'src/server/http/security-headers.ts',
    find: "    headers.set('Content-Security-Policy', contentSecurityPolicy());",
    replace: '',
    run: vitest('api', 'tests/api/security.test.ts'),
  },
  {
    id: 'paging-off-by-one',
    what: 'a page holds one row less than asked (and the next page starts after it)',
    file: 'src/server/http/paging.ts',
    find: 'const page = rows.slice(0, limit);',
    replace: 'const page = rows.slice(0, limit - 1);',
    run: vitest('api', 'tests/api/paging.test.ts'),
  },
  {
    id: 'status-transition',
    what: 'a confirmed appointment can be completed without being started',
    file: 'src/contract/machines.ts',
    find: "    confirmed: refuse('Start the work before completing it'),\n    in_progress: to('completed'),",
    replace: "    confirmed: to('completed'),\n    in_progress: to('completed'),",
    run: vitest('unit', 'src/contract/machines.test.ts', 'src/contract/status-machines.test.ts'),
  },
  {
    id: 'signed-twice',
    what: 'a signed entry can be signed again (the sign step accepts any state)',
    file: 'src/features/records/records.server.ts',
    find: ".where('status', 'in', fromStates(RECORD_MACHINE, 'edit'));\n  if (lock) q = q.forUpdate();",
    replace: '\n  if (lock) q = q.forUpdate();',
    run: vitest('api', 'tests/api/records.test.ts'),
  },
  {
    id: 'hydration',
    what: "the quote form's first render differs between the server and the browser",
    file: 'src/features/quotes/QuoteForm.tsx',
    find: '      <ToasterOnce />\n',
    replace:
      "      <ToasterOnce />\n      <span hidden>{typeof window === 'undefined' ? 'server' : 'browser'}</span>\n",
    run: ['node_modules/.bin/playwright', 'test', 'tests/e2e/hydration.spec.ts'],
  },
  {
    id: 'email-link',
    what: 'the link in a notification email points to a page that does not exist',
    file: 'src/features/marketplace/links.ts',
    find: 'return `/dashboard?section=',
    replace: 'return `/dashbord?section=',
    run: vitest('api', 'tests/api/appointment-schedule.test.ts'),
  },
  {
    id: 'unescaped',
    what: 'a name put into an HTML email is not escaped',
    file: 'src/server/email/template-render.ts',
    find: "return mode === 'html' ? escapeHtml(value) : value;",
    replace: 'return value;',
    run: vitest('unit', 'src/server/email/template-render.test.ts'),
  },
];

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
