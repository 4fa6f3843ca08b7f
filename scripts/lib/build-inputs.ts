// What `astro build` reads, hashed, so `npm run test:changed` can tell whether dist/ is still the
// build of the current sources. Counted as read by the build: every file under src/ that is not
// TypeScript, every page, layout, component, island (.astro, .tsx) and middleware and what they
// import, the demo data the prerendering reads (scripts/lib/seed*.ts and their imports), the
// migrations, public/, content/, the build's configuration and the lock file, and the day (pages
// prerendered from the demo data may show dates). A .ts file no page or island imports (a
// function's server code) does not count: the functions run from source, not from dist/.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildGraph } from './import-graph.ts';
import { ROOT } from './paths.ts';
import { E2E_URL } from './e2e-server.ts';
import { SSR_FUNCTION } from './warm-ssr.ts';

const STAMP = path.join(ROOT, 'dist/.build-inputs');

function walk(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else out.push(path.relative(ROOT, full));
  }
  return out;
}

export function buildInputs(): string[] {
  const graph = buildGraph(ROOT, ['src', 'scripts']);
  const isRoot = (f: string) =>
    /\.(astro|tsx)$/.test(f) ||
    f.startsWith('src/pages/') ||
    f === 'src/middleware.ts' ||
    /^scripts\/lib\/seed[^/]*\.ts$/.test(f) ||
    f.startsWith('src/server/db/migrations/');
  const read = new Set<string>();
  const queue = [...graph.keys()].filter(isRoot);
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (read.has(file)) continue;
    read.add(file);
    for (const dep of graph.get(file) ?? []) queue.push(dep);
  }
  const other = [
    ...walk(path.join(ROOT, 'src')),
    ...walk(path.join(ROOT, 'public')),
    ...walk(path.join(ROOT, 'content')),
  ].filter((f) => !/\.(ts|tsx|astro)$/.test(f));
  const config = ['astro.config.mjs', 'package-lock.json', 'tsconfig.json', 'netlify.toml', 'scripts/csp-hashes.ts'];
  return [...new Set([...read, ...other, ...config])].filter((f) => existsSync(path.join(ROOT, f))).sort();
}

function buildInputsHash(): string {
  const hash = createHash('sha256');
  hash.update(new Date().toISOString().slice(0, 10));
  for (const file of buildInputs()) {
    hash.update(file);
    hash.update(readFileSync(path.join(ROOT, file)));
  }
  return hash.digest('hex');
}

/** The inputs hash dist/ was built from, when a run recorded it. */
function builtFrom(): string | undefined {
  return existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : undefined;
}

/** Records that dist/ was built from `inputs`, if it was built after `since` (epoch ms). */
function recordBuild(inputs: string, since: number): void {
  const dist = path.join(ROOT, 'dist');
  if (existsSync(dist) && statSync(dist).mtimeMs >= since) writeFileSync(STAMP, `${inputs}\n`);
}

/**
 * Whether the browser tests' server can serve the last build instead of building again: dist/ was
 * built today from these sources, and the on-demand pages' function the same build wrote beside it
 * is still there (a Netlify build, the deploy rehearsal or a clean replaces `.netlify/` on its own;
 * without it every on-demand page answered 404). `recordIfBuilt()`, after a run whose server
 * started from a build it made, stamps that build for the next run.
 */
export function lastBuild(): { reusable: boolean; recordIfBuilt: () => void } {
  // The server's address is built into the pages (links, the sitemap): a build for another port is another build.
  const inputs = `${buildInputsHash()} ${E2E_URL}`;
  const started = Date.now();
  const reusable = builtFrom() === inputs && existsSync(SSR_FUNCTION);
  return { reusable, recordIfBuilt: () => (reusable ? undefined : recordBuild(inputs, started)) };
}
