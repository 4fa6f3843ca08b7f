// Run after `astro build` (the build script): the adapter's `ssr` function is routed at `/*`, so
// without this every /api path a function declares would be claimed by two functions, and which
// one answers would be left to the router's ranking (netlify-cli takes the first one registered,
// in the order the bundles unzip). This writes every path the functions in netlify/functions
// declare into ssr's `excludedPath`: no request path is served by both, whatever the ranking.
// An /api path no function declares still reaches ssr's JSON 404 (src/pages/api/[...path].ts).
// See docs/decisions/0476-ssr-excludes-function-paths.md.
import { listFunctions } from '@netlify/zip-it-and-ship-it';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/paths.ts';

export const SSR_FUNCTION_FILE = path.join(ROOT, '.netlify/v1/functions/ssr/ssr.mjs');
export const FUNCTIONS_DIR = path.join(ROOT, 'netlify/functions');

/** Every path a function of `functionsDir` declares, read by Netlify's own parser of `config`. */
export async function functionPaths(functionsDir = FUNCTIONS_DIR): Promise<string[]> {
  const functions = await listFunctions([functionsDir], { parseISC: true });
  const paths = functions.flatMap((fn) =>
    ((fn as { routes?: Array<{ pattern: string }> }).routes ?? []).map((r) => r.pattern),
  );
  return [...new Set(paths)].sort();
}

/**
 * The adapter's ssr.mjs with `excludedPath` added to its inline config (Netlify reads that config
 * statically, so it is written as a literal). Throws when the config is not the adapter's shape,
 * so an adapter upgrade that changes it stops the build instead of deploying the overlap.
 */
export function withExcludedPaths(source: string, excluded: readonly string[]): string {
  const anchor = /(\bpath:\s*'\/\*',)/;
  if (!anchor.test(source) || /excludedPath/.test(source))
    throw new Error("ssr.mjs: no `path: '/*',` without excludedPath in its config (has the adapter changed?)");
  return source.replace(anchor, `$1\n\t\t\t\texcludedPath: ${JSON.stringify(excluded)},`);
}

if (import.meta.main) {
  const excluded = await functionPaths();
  writeFileSync(SSR_FUNCTION_FILE, withExcludedPaths(readFileSync(SSR_FUNCTION_FILE, 'utf8'), excluded));
  console.log(`ssr: ${excluded.length} function paths excluded from its /* route`);
}
