// `npm run test:model -- --runs N [--strict] [--only <invariant>[/<detail regex>]] [--seed S]`:
// the model-based test of the whole job (tests/api/job-model.test.ts, docs/decisions/0320) with
// as many generated runs as asked. --strict fails on the invariants still listed KNOWN_OPEN too;
// --only fails on one invariant alone, to get its shortest breaking sequence. A failure prints
// the shrunk sequence and the seed to replay it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './lib/paths.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '50' },
    strict: { type: 'boolean', default: false },
    only: { type: 'string' },
    seed: { type: 'string' },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('--runs must be a whole number of runs, at least 1');
  process.exit(2);
}
const env: Record<string, string> = {
  ...(process.env as Record<string, string>),
  JOB_MODEL_RUNS: String(runs),
  // About 1.5 s a run, plus shrinking when one fails.
  JOB_MODEL_TIMEOUT_MS: String(Math.max(180_000, runs * 10_000)),
  ...(values.strict ? { JOB_MODEL_STRICT: '1' } : {}),
  ...(values.only ? { JOB_MODEL_ONLY: values.only } : {}),
  ...(values.seed ? { JOB_MODEL_SEED: values.seed } : {}),
};
const child = spawn(
  path.join(ROOT, 'node_modules/.bin/vitest'),
  ['run', '--project', 'api', 'tests/api/job-model.test.ts'],
  { cwd: ROOT, stdio: 'inherit', env },
);
child.on('close', (code) => process.exit(code ?? 1));
