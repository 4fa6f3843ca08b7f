import { listFunctions } from '@netlify/zip-it-and-ship-it';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.resolve(import.meta.dirname, '../../netlify/functions');

// Netlify reads `config` by static analysis at deploy: a path built from a variable or a template
// literal breaks the deploy (and the local emulator) although TypeScript is happy with it.
describe('netlify/functions', () => {
  // Parsing every function's config is CPU work: seconds on a busy machine, so room beyond the default.
  it('declare routes Netlify can read statically, each path served once', { timeout: 60_000 }, async () => {
    const functions = await listFunctions([dir], { parseISC: true });
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
    expect(functions.map((f) => f.name).sort()).toEqual(files.map((f) => f.replace(/\.ts$/, '')).sort());
    const seen = new Map<string, string>();
    for (const fn of functions) {
      const { routes = [], schedule } = fn as {
        routes?: Array<{ pattern?: string; path?: string }>;
        schedule?: string;
      };
      // A function answers HTTP on its paths, or runs on a schedule (and then has no path).
      expect(routes.length > 0 || Boolean(schedule), `${fn.name} has neither config.path nor config.schedule`).toBe(
        true,
      );
      for (const route of routes) {
        const key = `${route.pattern ?? route.path}`;
        expect(key.startsWith('/api/'), `${fn.name}: ${key}`).toBe(true);
        expect(seen.get(key), `${key} served by ${seen.get(key)} and ${fn.name}`).toBeUndefined();
        seen.set(key, fn.name);
      }
    }
  });
});
