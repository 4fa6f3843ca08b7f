// `npm run test:changed [-- <git ref>] [--list]`: the tests of what changed, in minutes. Changed files are
// the working tree's changes (staged, unstaged and new) against HEAD, or against the ref given
// (e.g. `main`, for a whole branch). It runs:
// - the unit and API test files that import a changed file, directly or through other files;
// - the API test files that call a route served by a function that imports a changed file (the
//   API tests reach functions through a route, not an import: tests/helpers/api.ts loads all);
// - the browser tests of each changed feature (`src/features/<name>/`: the specs whose file name
//   holds the name, and those that import a changed file), against a server that reuses the last
//   build when nothing the build reads has changed (scripts/lib/build-inputs.ts).
// It says what it chose and why. docs/decisions/0332-test-changed.md; `npm test` still runs all.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { lastBuild } from './lib/build-inputs.ts';
import { buildGraph, featureOf, type Graph } from './lib/import-graph.ts';
import { ROOT } from './lib/paths.ts';
import { ROUTES } from '../src/contract/routes.ts';

const args = process.argv.slice(2);
const ref = args.find((a) => !a.startsWith('-')) ?? 'HEAD';
/** `--list`: say what would run, run nothing. */
const listOnly = args.includes('--list');
const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
const changed = [
  ...new Set([...git('diff', '--name-only', ref), ...git('ls-files', '--others', '--exclude-standard')]),
].filter((f) => existsSync(path.join(ROOT, f)));

if (changed.length === 0) {
  console.log(`Nothing changed against ${ref}.`);
  process.exit(0);
}

// Files whose change touches every test: run everything instead of guessing.
const EVERYTHING = [
  /^package(-lock)?\.json$/,
  /^vitest\.config\.ts$/,
  /^playwright\.config\.ts$/,
  /^tsconfig\.json$/,
  /^tests\/helpers\/(api|api-setup|api-global-setup|db|isolated-db|long-first-sequencer)\.ts$/,
  /^src\/server\/db\/migrations\//,
];
const wide = changed.filter((f) => EVERYTHING.some((re) => re.test(f)));

const graph = buildGraph(ROOT, ['src', 'netlify', 'scripts', 'tests']);
const importers = new Map<string, Set<string>>();
for (const [file, deps] of graph) {
  for (const dep of deps) {
    if (!importers.has(dep)) importers.set(dep, new Set());
    importers.get(dep)!.add(file);
  }
}
/** Every file that imports one of `files`, directly or through others, and the files themselves. */
function dependents(g: Graph, files: string[]): Set<string> {
  const seen = new Set(files.filter((f) => g.has(f)));
  const queue = [...seen];
  while (queue.length > 0) {
    for (const by of importers.get(queue.pop()!) ?? []) {
      if (!seen.has(by)) {
        seen.add(by);
        queue.push(by);
      }
    }
  }
  return seen;
}
const reached = dependents(graph, changed);

const isVitestFile = (f: string) =>
  (f.startsWith('tests/unit/') || f.startsWith('tests/api/') || f.startsWith('src/')) && f.endsWith('.test.ts');
const isSpec = (f: string) => f.startsWith('tests/e2e/') && f.endsWith('.spec.ts');
const reasons = new Map<string, string>();
const pick = (file: string, why: string) => {
  if (!reasons.has(file)) reasons.set(file, why);
};

for (const f of reached) if (isVitestFile(f) || isSpec(f)) pick(f, 'imports a changed file');

// Functions that import a changed file, the routes they serve, and the API tests that call them.
const functions = [...reached].filter((f) => /^netlify\/functions\/[^/]+\.ts$/.test(f));
const routes = Object.entries(ROUTES);
const sample = (p: string) => p.replace(/:([A-Za-z]+)/g, 'sample-$1');
const apiTests = readdirSync(path.join(ROOT, 'tests/api'))
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => `tests/api/${f}`);
const texts = new Map(apiTests.map((f) => [f, readFileSync(path.join(ROOT, f), 'utf8')]));
for (const fn of functions) {
  const source = readFileSync(path.join(ROOT, fn), 'utf8');
  const paths = [...(source.match(/\bpath:\s*(\[[^\]]*\]|'[^']*')/)?.[1] ?? '').matchAll(/'([^']+)'/g)].map(
    (m) => m[1]!,
  );
  const patterns = paths.map((p) => new URLPattern({ pathname: p }));
  // What a test writes to reach the function: the path up to its first parameter, or a route's
  // name in the table (callRoute(ROUTES.x)).
  const prefixes = paths.map((p) => p.split(/:|\*/)[0]!);
  const names = routes
    .filter(([, r]) => patterns.some((p) => p.test({ pathname: sample(r.path) })))
    .map(([name]) => `ROUTES.${name}`);
  const name = path.basename(fn, '.ts');
  for (const [file, text] of texts) {
    const hit = [...prefixes, ...names].find((needle) => text.includes(needle));
    if (hit) pick(file, `calls ${name} (${hit})`);
  }
}

// The browser tests of each changed feature.
const features = new Set(changed.map(featureOf).filter((f): f is string => Boolean(f)));
const specs = readdirSync(path.join(ROOT, 'tests/e2e')).filter((f) => f.endsWith('.spec.ts'));
for (const feature of features) {
  for (const spec of specs) if (spec.includes(feature)) pick(`tests/e2e/${spec}`, `browser test of ${feature}`);
}

let vitestFiles = [...reasons.keys()].filter(isVitestFile).sort();
let e2eFiles = [...reasons.keys()].filter(isSpec).sort();
if (wide.length > 0) {
  console.log(`${wide.join(', ')} changed: every unit, API and browser test.`);
  vitestFiles = [];
  e2eFiles = [];
}

console.log(`${changed.length} changed file(s) against ${ref}:`);
for (const f of changed) console.log(`  ${f}`);
if (wide.length === 0) {
  console.log(`${vitestFiles.length} unit/API file(s), ${e2eFiles.length} browser file(s):`);
  for (const f of [...vitestFiles, ...e2eFiles]) console.log(`  ${f}  (${reasons.get(f)})`);
  if (vitestFiles.length === 0 && e2eFiles.length === 0) {
    console.log('No test reaches these files. `npm test` runs everything.');
    process.exit(0);
  }
}

if (listOnly) process.exit(0);

const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);
let failed = false;
if (wide.length > 0 || vitestFiles.length > 0) {
  const status = spawnSync(bin('vitest'), ['run', ...vitestFiles], { cwd: ROOT, stdio: 'inherit' }).status;
  failed ||= status !== 0;
}
if (wide.length > 0 || e2eFiles.length > 0) {
  // The server reuses dist/ when nothing the build reads changed since it was built.
  const build = lastBuild();
  mkdirSync(path.join(ROOT, '.data'), { recursive: true });
  console.log(build.reusable ? 'dist/ is built from these sources: not building again.' : 'dist/ is stale: building.');
  const status = spawnSync('flock', [path.join(ROOT, '.data/e2e.lock'), bin('playwright'), 'test', ...e2eFiles], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...(build.reusable ? { E2E_NO_BUILD: '1' } : {}) },
  }).status;
  // Stamped only after a passing run: a failed one may not have built at all.
  if (status === 0) build.recordIfBuilt();
  failed ||= status !== 0;
}
process.exit(failed ? 1 : 0);
