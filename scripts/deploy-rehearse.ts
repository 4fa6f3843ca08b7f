// `npm run deploy:rehearse`: the deploy rehearsed on Netlify's own tools (docs/decisions/0370).
// From a clean state: Netlify's CLI and Deno installed on demand into .data/deploy-tools, a
// throw-away embedded PostgreSQL with the migrations and demo data, then `netlify serve --offline`:
// Netlify Build runs the site's build command and bundles the functions (zip-it-and-ship-it) and
// the edge function (edge bundler, under Deno), and Netlify's local runtime serves that build
// (functions from the bundles, the edge function in Deno, redirects, headers, Blobs). The functions
// reach the database through Neon's serverless driver over a local WebSocket proxy, as in
// production. Then the smoke suite (tests/deploy/) runs against it.
// Flags: --port N (default 8898; the stand-ins take N+2 to N+4, the CDN's purge API N+5), --keep (leave it running after the suite, until Ctrl-C),
// --no-suite (only build and serve).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { connectDb } from '../src/server/db/client.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { startGtagStandin } from './lib/gtag-standin.ts';
import { startLocalDatabase } from './lib/local-db.ts';
import { loadLocalSecrets } from './lib/local-secrets.ts';
import { startMailCatcher } from './lib/mail-catcher.ts';
import { runChild } from './lib/run-child.ts';
import { ROOT } from './lib/paths.ts';
import { seedDemoData } from './lib/seed.ts';
import { startStripeStandin } from './lib/stripe-standin.ts';
import { startWsProxy } from './lib/ws-proxy.ts';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '8898' },
    keep: { type: 'boolean', default: false },
    'no-suite': { type: 'boolean', default: false },
  },
});
const port = Number(args.port);
/** Netlify's local runtime (`netlify serve`): the origin, with functions, redirects, headers, Blobs. */
const netlifyOrigin = `http://localhost:${port}`;
/** The edge bundle under Deno in front of it, as Netlify's edge stands in front of the origin. */
const origin = `http://localhost:${port + 1}`;
/**
 * Netlify's purge API, served by the CDN stand-in in the Deno runner (scripts/lib/edge-under-deno.ts):
 * the functions' purgeCache calls it with this token when a write changes what the CDN keeps.
 */
const purgeApi = `http://127.0.0.1:${port + 5}`;
const purgeToken = randomBytes(24).toString('base64url');
const started = performance.now();
const times: Array<[string, number]> = [];
async function step<T>(name: string, work: () => Promise<T> | T): Promise<T> {
  const t = performance.now();
  console.log(`\n--- ${name}`);
  const result = await work();
  const seconds = (performance.now() - t) / 1000;
  times.push([name, seconds]);
  console.log(`--- ${name}: ${seconds.toFixed(1)} s`);
  return result;
}

const TOOLS_SOURCE = path.join(ROOT, 'scripts/deploy-tools');
const TOOLS_DIR = path.join(ROOT, '.data/deploy-tools');
const REHEARSAL_DIR = path.join(ROOT, '.data/deploy-rehearsal');
const toolBin = (name: string) => path.join(TOOLS_DIR, 'node_modules/.bin', name);

/** Netlify's CLI and Deno at the versions of scripts/deploy-tools' lock, installed when missing or changed. */
function ensureTools(): void {
  const lock = readFileSync(path.join(TOOLS_SOURCE, 'package-lock.json'), 'utf8');
  const installedLock = path.join(TOOLS_DIR, 'node_modules/.package-lock.json');
  const stamp = path.join(TOOLS_DIR, 'installed-lock.json');
  if (existsSync(installedLock) && existsSync(stamp) && readFileSync(stamp, 'utf8') === lock) {
    console.log('Netlify CLI and Deno already installed in .data/deploy-tools');
    return;
  }
  mkdirSync(TOOLS_DIR, { recursive: true });
  copyFileSync(path.join(TOOLS_SOURCE, 'package.json'), path.join(TOOLS_DIR, 'package.json'));
  copyFileSync(path.join(TOOLS_SOURCE, 'package-lock.json'), path.join(TOOLS_DIR, 'package-lock.json'));
  console.log('Installing Netlify CLI and Deno into .data/deploy-tools (npm ci)...');
  // No install scripts: Deno's binary is in its platform package already, and netlify-cli's
  // postinstall only prints a banner; the native modules it builds are for features unused here.
  const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts'], {
    cwd: TOOLS_DIR,
    stdio: 'inherit',
  });
  if (install.status !== 0) throw new Error(`npm ci of the deploy tools failed with status ${install.status}`);
  writeFileSync(stamp, lock);
}

/**
 * netlify-cli 27.10.2 serves a built (zipped) function with the `routes` of the build's manifest
 * but drops its `excludedRoutes` (`FunctionsRegistry`, where it unzips a function), although its
 * deploy uploads them (`excluded_routes`) and Netlify documents `excludedPath` for functions. The
 * `ssr` function excludes every path the API functions declare (docs/decisions/0476): without
 * this one line, `netlify serve` would still let `ssr` take them, which a deploy would not. The
 * line is added to the installed copy on each run (docs/decisions/0371, item 10); an upgrade that
 * changes the code stops the rehearsal here.
 */
function keepExcludedRoutes(): void {
  const file = path.join(TOOLS_DIR, 'node_modules/netlify-cli/dist/lib/functions/registry.js');
  const source = readFileSync(file, 'utf8');
  const kept = 'excludedRoutes: manifestEntry.excludedRoutes,';
  if (source.includes(kept)) return;
  const dropped = /(\n(\s*)routes: manifestEntry\.routes,\n)/;
  if (!dropped.test(source))
    throw new Error(`${file}: the unzipped function's routes are not where 0371 item 10 expects`);
  writeFileSync(file, source.replace(dropped, `$1$2${kept}\n`));
  console.log("netlify-cli: a built function's excludedRoutes kept when it is served (0371, item 10)");
}

const children: ChildProcess[] = [];
const cleanups: Array<() => Promise<void>> = [];
async function stopAll(): Promise<void> {
  for (const child of children) {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM'); // its own process group: the CLI and the Deno it started
      } catch {
        // already gone
      }
    }
  }
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
}
process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
process.on('SIGTERM', () => void stopAll().then(() => process.exit(143)));

/** Resolves once `url` answers at all (any status), or rejects when the child exits first. */
async function waitForServer(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${child.spawnfile} exited with status ${child.exitCode}`);
    try {
      // A first call loads the function cold: 34-37 s measured on a loaded 2-core machine.
      await fetch(url, { signal: AbortSignal.timeout(90_000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  throw new Error(`nothing answered at ${url} within ${timeoutMs / 1000} s`);
}

let status: number;
try {
  await step('deploy tools (netlify-cli, deno)', () => {
    ensureTools();
    keepExcludedRoutes();
  });
  for (const taken of [port, port + 1, port + 2, port + 3, port + 4, port + 5])
    if (
      await fetch(`http://127.0.0.1:${taken}/`).then(
        () => true,
        () => false,
      )
    )
      throw new Error(`port ${taken} is in use: stop what runs there, or pass --port`);
  await step('clean state (dist/, .netlify/, rehearsal database)', () => {
    for (const dir of ['dist', '.netlify', '.data/deploy-rehearsal'])
      rmSync(path.join(ROOT, dir), { recursive: true, force: true });
    mkdirSync(REHEARSAL_DIR, { recursive: true });
  });

  const secrets = loadLocalSecrets(path.join(REHEARSAL_DIR, 'secrets.json'));
  const database = await step('embedded PostgreSQL, migrations, demo data', async () => {
    const local = await startLocalDatabase({
      dataDir: path.join(REHEARSAL_DIR, 'postgres'),
      persistent: false,
      quiet: true,
      scratch: true,
    });
    cleanups.push(() => local.stop());
    const db = connectDb(local.url);
    try {
      await migrateToLatest(db);
      process.env['SITE_URL'] = origin;
      const logins = await seedDemoData(db, { demoAdminPassword: secrets.DEMO_ADMIN_PASSWORD });
      return { url: local.url, logins };
    } finally {
      await db.destroy();
    }
  });

  const services = await step('local stand-ins (WebSocket proxy, mail, Stripe, Google tag)', async () => {
    const proxy = await startWsProxy();
    cleanups.push(() => proxy.close());
    const mail = await startMailCatcher({ httpPort: port + 2 });
    cleanups.push(() => mail.close());
    const stripe = await startStripeStandin({ port: port + 3 });
    stripe.webhookUrl = `${origin}/api/payments/webhook`;
    cleanups.push(() => stripe.close());
    const gtag = await startGtagStandin({ port: port + 4 });
    cleanups.push(() => gtag.close());
    return { proxy, mail, stripe, gtag };
  });

  const nodeBin = path.join(ROOT, 'node_modules/node/bin');
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    // Deno from the tools folder first, so the edge bundler uses it instead of downloading one;
    // the pinned Node 24 before the machine's.
    PATH: [path.dirname(toolBin('deno')), nodeBin, process.env['PATH'] ?? ''].join(path.delimiter),
    BROWSER: 'none',
    NETLIFY_DB_URL: database.url,
    NETLIFY_DB_DRIVER: 'serverless',
    LOCAL_NEON_WS_PROXY: `127.0.0.1:${services.proxy.port}`,
    JWT_SECRET: secrets.JWT_SECRET,
    CONFIG_ENCRYPTION_KEY: secrets.CONFIG_ENCRYPTION_KEY,
    SITE_URL: origin,
    LOCAL_MAIL_CATCHER_SMTP: `${services.mail.smtp.host}:${services.mail.smtp.port}`,
    LOCAL_MAIL_CATCHER_URL: services.mail.url,
    LOCAL_STRIPE_STANDIN_URL: services.stripe.url,
    LOCAL_STRIPE_STANDIN_KEY: services.stripe.secretKey,
    LOCAL_STRIPE_STANDIN_WEBHOOK_SECRET: services.stripe.webhookSecret,
    GA_SCRIPT_BASE: services.gtag.url,
    NETLIFY_PURGE_API_TOKEN: purgeToken,
    NETLIFY_API_BASE: purgeApi,
    SITE_ID: 'deploy-rehearsal',
  };
  delete env['DATABASE_URL'];

  const server = await step('netlify serve --offline (Netlify Build, then the local runtime)', async () => {
    const child = spawn(toolBin('netlify'), ['serve', '--offline', '--port', String(port)], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    children.push(child);
    const log = path.join(REHEARSAL_DIR, 'netlify-serve.log');
    writeFileSync(log, '');
    const out = (chunk: Buffer) => {
      writeFileSync(log, chunk, { flag: 'a' });
      process.stdout.write(chunk);
    };
    child.stdout.on('data', out);
    child.stderr.on('data', out);
    await waitForServer(`${netlifyOrigin}/api/health`, child, 1_800_000);
    return child;
  });

  await step('the edge bundle under Deno, in front of netlify serve', async () => {
    const distDir = path.join(ROOT, '.netlify/edge-functions-dist');
    const manifest = JSON.parse(readFileSync(path.join(distDir, 'manifest.json'), 'utf8')) as {
      bundles: Array<{ asset: string; format: string }>;
    };
    const eszip = manifest.bundles.find((b) => b.format === 'eszip2');
    if (!eszip) throw new Error('the build made no eszip edge bundle');
    // The edge bundler's own eszip tool (vendored in its package, run by the same Deno) unpacks
    // the bundle's modules: what runs is what the build bundled, not the source files.
    const denoDir = path.join(TOOLS_DIR, 'node_modules/@netlify/edge-bundler/deno');
    const extracted = path.join(REHEARSAL_DIR, 'edge');
    const unpack = await runChild(
      toolBin('deno'),
      [
        'run',
        '-A',
        '--no-config',
        `--import-map=${path.join(denoDir, 'vendor/import_map.json')}`,
        path.join(denoDir, 'vendor/deno.land/x/eszip@v0.55.2/eszip.ts'),
        'extract',
        path.join(distDir, eszip.asset),
        extracted,
      ],
      { cwd: ROOT, env },
    );
    if (unpack !== 0) throw new Error(`extracting the edge bundle failed with status ${unpack}`);
    const child = spawn(
      toolBin('deno'),
      [
        'run',
        '-A',
        '--no-config',
        path.join(ROOT, 'scripts/lib/edge-under-deno.ts'),
        path.join(extracted, 'source'),
        path.join(distDir, 'manifest.json'),
        String(port + 1),
        netlifyOrigin,
        String(port + 5),
      ],
      // The purge API's token comes in the environment (NETLIFY_PURGE_API_TOKEN), as the functions get it.
      { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'], detached: true },
    );
    children.push(child);
    await waitForServer(`${origin}/api/health`, child, 60_000);
  });

  // What the suite needs to find everything, also kept in a file so that, with --keep, the suite
  // can be run again by hand: node --env-file=.data/deploy-rehearsal/suite.env
  // node_modules/vitest/vitest.mjs run --config tests/deploy/vitest.config.ts
  const suiteEnv: Record<string, string> = {
    REHEARSAL_ORIGIN: origin,
    REHEARSAL_NETLIFY_ORIGIN: netlifyOrigin,
    REHEARSAL_DATABASE_URL: database.url,
    REHEARSAL_LOGINS: JSON.stringify(database.logins),
    REHEARSAL_MAIL_URL: services.mail.url,
    REHEARSAL_GTAG_URL: services.gtag.url,
    LOCAL_STRIPE_STANDIN_WEBHOOK_SECRET: services.stripe.webhookSecret,
  };
  writeFileSync(
    path.join(REHEARSAL_DIR, 'suite.env'),
    Object.entries(suiteEnv)
      .map(([name, value]) => `${name}='${value}'`)
      .join('\n'),
    { mode: 0o600 },
  );
  if (!args['no-suite']) {
    // Run beside this process, never with spawnSync: the functions the suite calls reach the
    // database through the WebSocket proxy this process serves (and mail, Stripe, the tag through
    // its other stand-ins), which answer only while its event loop runs (scripts/lib/run-child.ts).
    status = await step('smoke suite (tests/deploy)', () =>
      runChild(
        process.execPath,
        [path.join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'tests/deploy/vitest.config.ts'],
        { cwd: ROOT, env: { ...process.env, ...suiteEnv } },
      ),
    );
  } else status = 0;

  if (args.keep) {
    console.log(`\nThe rehearsal is running at ${origin}, netlify serve at ${netlifyOrigin} (Ctrl-C stops it).`);
    for (const login of database.logins) console.log(`  ${login.role.padEnd(9)} ${login.email} ${login.password}`);
    await new Promise((resolve) => server.on('exit', resolve));
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  status = 1;
} finally {
  await stopAll();
}

console.log('\n=== deploy rehearsal ===');
for (const [name, seconds] of times) console.log(`${seconds.toFixed(1).padStart(7)} s  ${name}`);
console.log(`${((performance.now() - started) / 1000).toFixed(1).padStart(7)} s  total`);
process.exit(status);
