// `npm start`: the whole product on this machine. Starts the embedded PostgreSQL (or uses
// DATABASE_URL), migrates, seeds demo data once, builds the site, and serves it through Netlify's
// emulator. Flags: --port N, --data-dir DIR, --fresh (wipe local data first), --no-build, --quiet.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { connectDb } from '../src/server/db/client.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { startLocalDatabase } from './lib/local-db.ts';
import { loadLocalSecrets } from './lib/local-secrets.ts';
import { LOCAL_DATA_DIR, ROOT } from './lib/paths.ts';
import { seedDemoData } from './lib/seed.ts';
import { serve } from './lib/serve.ts';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: process.env['PORT'] ?? '4321' },
    host: { type: 'string', default: process.env['HOST'] ?? '127.0.0.1' },
    'data-dir': { type: 'string', default: LOCAL_DATA_DIR },
    fresh: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
  },
});
const log = (...parts: unknown[]) => {
  if (!args.quiet) console.log(...parts);
};

const dataDir = path.resolve(args['data-dir']);
if (args.fresh) rmSync(dataDir, { recursive: true, force: true });
const secrets = loadLocalSecrets(`${dataDir}-secrets.json`);

let url = process.env['DATABASE_URL'];
const local = url ? undefined : await startLocalDatabase({ dataDir, persistent: true, quiet: args.quiet });
url ??= local!.url;
// Functions read the database exactly as on Netlify DB: NETLIFY_DB_URL with the `server` driver.
process.env['NETLIFY_DB_URL'] = url;
process.env['NETLIFY_DB_DRIVER'] = 'server';

const db = connectDb(url);
const applied = await migrateToLatest(db);
if (applied.length) log(`Applied migrations: ${applied.join(', ')}`);
const logins = await seedDemoData(db, { demoAdminPassword: secrets.DEMO_ADMIN_PASSWORD });
await db.destroy();

if (!args['no-build']) {
  log('Building the site...');
  const astro = path.join(ROOT, 'node_modules/astro/bin/astro.mjs');
  const build = spawnSync(process.execPath, [astro, 'build', ...(args.quiet ? ['--silent'] : [])], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NETLIFY_VITE_PLUGIN: 'off' },
  });
  if (build.status !== 0) {
    await local?.stop();
    process.exit(build.status ?? 1);
  }
}

const server = await serve(Number(args.port), args.host);
console.log(`\nSkyward is running at ${server.url.replace("127.0.0.1", "localhost")}`);
if (!process.env['DATABASE_URL']) {
  console.log('\nDemo logins (local data only):');
  for (const login of logins) console.log(`  ${login.role.padEnd(9)} ${login.email.padEnd(24)} ${login.password}`);
  console.log(`  Admin console: ${server.url}/admin    Pilot and mechanic: ${server.url}/dashboard\n`);
}

async function shutdown() {
  await server.close().catch(() => {});
  await local?.stop().catch(() => {});
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
