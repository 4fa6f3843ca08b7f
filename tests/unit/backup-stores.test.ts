import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The local backup reads every Blobs store there is (scripts/lib/backup/blobs.ts lists them);
// production's are exported by hand with the steps in the README. Every store the product writes
// must be in those steps, or its files are missing from a production backup.

const ROOT = path.resolve(import.meta.dirname, '../..');

function storeNames(): string[] {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.server\.ts$/.test(entry.name) && !entry.name.includes('.test.')) {
        for (const m of readFileSync(file, 'utf8').matchAll(/export const \w+_STORE = '([^']+)'/g)) names.add(m[1]!);
      }
    }
  };
  walk(path.join(ROOT, 'src'));
  return [...names].sort();
}

describe('Blobs stores in the backups', () => {
  it("names every store the product writes in the README's production backup steps", () => {
    const stores = storeNames();
    expect(stores).toEqual(expect.arrayContaining(['blog-images', 'documents']));
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const production = readme.slice(
      readme.indexOf('**In production**'),
      readme.indexOf('\n## ', readme.indexOf('**In production**')),
    );
    for (const store of stores) expect(production, store).toContain(`netlify blobs:list ${store}`);
  });
});
