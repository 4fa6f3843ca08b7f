import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBundleCache } from '../helpers/function-bundle-cache.ts';

// The kept function bundles (docs/decisions/0499) must never hand a run a bundle made from other
// files than the ones on disk: each case changes what a bundler could read and expects a miss.
describe('kept function bundles', () => {
  let repo: string;
  let keptIn: string;
  let scratch: string;
  const settings = { bundler: '16.2.3', config: { '*': { nodeBundler: 'esbuild' } } };

  /** A bundle as zip-it-and-ship-it leaves it: a folder with the function's files. */
  const madeBundle = (name: string) => {
    const dir = path.join(scratch, name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, '___netlify-entry-point.mjs'), '// entry');
    return dir;
  };
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
    writeFileSync(path.join(repo, file), text);
  };
  /** Keeps a bundle of `health` made from the function, one library file and one included file. */
  const keepHealth = (cacheSettings: unknown = settings) =>
    openBundleCache(keptIn, repo, cacheSettings, ['package-lock.json']).keep(
      'health',
      madeBundle('health'),
      [path.join(repo, 'netlify/functions/health.ts'), path.join(repo, 'src/db.ts'), '/elsewhere/bootstrap.mjs'],
      [path.join(repo, 'content/blog/first.md')],
    );
  const found = (cacheSettings: unknown = settings) =>
    openBundleCache(keptIn, repo, cacheSettings, ['package-lock.json']).find('health');

  beforeEach(() => {
    const base = mkdtempSync(path.join(os.tmpdir(), 'bundle-cache-test-'));
    repo = path.join(base, 'repo');
    keptIn = path.join(base, 'kept');
    scratch = path.join(base, 'scratch');
    write('netlify/functions/health.ts', 'export default 1;');
    write('src/db.ts', 'export const db = 1;');
    write('content/blog/first.md', '# First');
    write('package-lock.json', '{}');
  });
  afterEach(() => rmSync(path.dirname(repo), { recursive: true, force: true }));

  it('finds a kept bundle while the files it was made from are unchanged, and moves it out of the scratch folder', () => {
    const kept = keepHealth();
    expect(kept.startsWith(keptIn)).toBe(true);
    expect(readdirSync(kept)).toContain('___netlify-entry-point.mjs');
    expect(readdirSync(scratch)).toEqual([]);
    expect(found()).toBe(kept);
    expect(openBundleCache(keptIn, repo, settings).find('blog-posts')).toBeUndefined();
  });

  it('misses when an input changes, and finds the same bundle again when the change is undone', () => {
    const kept = keepHealth();
    write('src/db.ts', 'export const db = 2;');
    expect(found()).toBeUndefined();
    write('src/db.ts', 'export const db = 1;');
    expect(found()).toBe(kept);
  });

  it('misses when an included file changes or an input is deleted', () => {
    keepHealth();
    write('content/blog/first.md', '# First, edited');
    expect(found()).toBeUndefined();
    write('content/blog/first.md', '# First');
    rmSync(path.join(repo, 'src/db.ts'));
    expect(found()).toBeUndefined();
  });

  it('misses when a file appears in a folder it read from (an import or a pattern could now find it)', () => {
    keepHealth();
    write('src/db.js', 'export const db = 3;');
    expect(found()).toBeUndefined();
    rmSync(path.join(repo, 'src/db.js'));
    write('content/blog/second.md', '# Second');
    expect(found()).toBeUndefined();
  });

  it('misses when the settings differ (the bundler, the [functions] settings, the lock file)', () => {
    keepHealth();
    expect(found({ ...settings, bundler: '16.3.0' })).toBeUndefined();
    expect(found(settings)).toBeDefined();
    write('package-lock.json', '{"lockfileVersion": 3}');
    expect(found(settings)).toBeUndefined();
  });

  it('keeps the newest bundle of a function and the one before it, no more', () => {
    const first = keepHealth();
    write('src/db.ts', 'export const db = 2;');
    const second = keepHealth();
    write('src/db.ts', 'export const db = 3;');
    const third = keepHealth();
    const folder = path.dirname(third);
    expect(readdirSync(folder).sort()).toEqual([path.basename(second), path.basename(third)].sort());
    expect(readdirSync(folder)).not.toContain(path.basename(first));
    expect(found()).toBe(third);
  });
});
