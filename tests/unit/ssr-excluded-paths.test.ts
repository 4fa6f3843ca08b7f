import { listFunctions } from '@netlify/zip-it-and-ship-it';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functionPaths, withExcludedPaths } from '../../scripts/ssr-excluded-paths.ts';

// The `ssr` function the Astro adapter writes is routed at `/*`. Read by Netlify's own parser of
// inline config, as the deploy reads it, no path a function declares may also be one of ssr's.
const require = createRequire(import.meta.url);
const sample = (p: string) => p.replace(/:([A-Za-z]+)/g, (_, name: string) => `sample-${name.toLowerCase()}`);

/** The ssr.mjs the installed adapter writes, from its own template. */
function adapterSsrModule(): string {
  const adapter = readFileSync(require.resolve('@astrojs/netlify'), 'utf8');
  const template = /new URL\("\.\/ssr\.mjs", ssrOutputDir\(\)\),\s*`([\s\S]*?)`\s*\)/.exec(adapter)?.[1];
  if (!template) throw new Error("the adapter's ssr.mjs template was not found");
  return template
    .replace('${handler}', 'ssr-handler.mjs')
    .replace('${JSON.stringify({ notFoundContent })}', '{}')
    .replace('${packageVersion}', 'test');
}

type Route = { pattern: string; literal?: string; expression?: string };
interface Routed {
  routes?: Route[];
  excludedRoutes?: Route[];
}
/**
 * Whether Netlify's local router would send `pathname` to this function: as netlify-cli's
 * `matchURLPath` does, a route's literal or expression, then none of its excluded routes.
 */
function serves(fn: Routed, pathname: string): boolean {
  const test = (r: Route) =>
    r.literal !== undefined ? pathname === r.literal : new RegExp(r.expression!).test(pathname);
  return (fn.routes ?? []).some(test) && !(fn.excludedRoutes ?? []).some(test);
}

let dir: string;
let declared: string[];
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'ssr-config-'));
  declared = await functionPaths();
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function ssrAsDeployed(source: string): Promise<Routed> {
  mkdirSync(path.join(dir, 'ssr'), { recursive: true });
  writeFileSync(path.join(dir, 'ssr/ssr.mjs'), source);
  const [ssr] = await listFunctions([dir], { parseISC: true });
  return ssr as Routed;
}

describe("the ssr function's routes, after the build's post-step", () => {
  it('leave every path a function declares to that function alone', { timeout: 60_000 }, async () => {
    expect(declared).toContain('/api/payments/webhook');
    const ssr = await ssrAsDeployed(withExcludedPaths(adapterSsrModule(), declared));
    const overlapping = declared.filter((p) => serves(ssr, sample(p)));
    expect(overlapping).toEqual([]);
  });

  it('still take an /api path no function declares (its JSON 404), and the pages', { timeout: 60_000 }, async () => {
    const ssr = await ssrAsDeployed(withExcludedPaths(adapterSsrModule(), declared));
    for (const pathname of ['/api/no-such-thing', '/api/payments/webhook/extra', '/blog/some-post', '/'])
      expect(serves(ssr, pathname), pathname).toBe(true);
  });

  it('stop the build when the adapter writes a config this step does not know', () => {
    expect(() => withExcludedPaths("export const config = { path: '/' };", declared)).toThrow(/adapter/);
  });
});
