// `npm run typecheck`: every file's types, checked once. `astro check` checks the .astro files
// (tsconfig.astro-check.json) and writes .astro/types.d.ts, which the .ts files read; then
// `tsc --noEmit` checks every .ts and .tsx file, incrementally: it keeps what it learned in a
// git-ignored build-info file and, run again, re-checks only what changed and what depends on it
// (docs/decisions/0331-static-checks-cached.md). That `tsc` is TypeScript 7's native compiler
// (the `typescript-native` alias of typescript@7): 12 s for the tree where TypeScript 6 took 36 s,
// idle (docs/decisions/0440-typecheck-native-compiler.md). `astro check`, ESLint and editors keep
// the `typescript` package (6), whose JavaScript API they are built on.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/paths.ts';

const cacheDir = path.join(ROOT, 'node_modules/.cache/typecheck');
mkdirSync(cacheDir, { recursive: true });

const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

// Without the Netlify adapter, which would empty the last build's on-demand pages' function
// (astro.config.mjs; `npm test` serves that build again when its sources are unchanged: ADR 0498).
const astro = run(
  [
    path.join(ROOT, 'node_modules/astro/bin/astro.mjs'),
    'check',
    '--minimumSeverity',
    'warning',
    '--tsconfig',
    'tsconfig.astro-check.json',
  ],
  { ASTRO_TYPECHECK: '1' },
);
const tsc = run([
  path.join(ROOT, 'node_modules/typescript-native/bin/tsc'),
  '--noEmit',
  '-p',
  '.',
  '--incremental',
  '--tsBuildInfoFile',
  path.join(cacheDir, 'tsc.tsbuildinfo'),
]);
console.log(
  `.astro files (astro check): ${astro === 0 ? 'ok' : 'FAILED'}; .ts files (tsc): ${tsc === 0 ? 'ok' : 'FAILED'}`,
);
process.exit(astro === 0 && tsc === 0 ? 0 : 1);
