// `npm run dev`: Astro's dev server with hot reload; Netlify's Vite plugin serves the functions,
// redirects and Blobs. The embedded PostgreSQL is started (or DATABASE_URL used), migrated and seeded
// first, exactly as for `npm start`.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { connectDb } from '../src/server/db/client.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { startLocalDatabase } from './lib/local-db.ts';
import { loadLocalSecrets } from './lib/local-secrets.ts';
import { LOCAL_DATA_DIR, ROOT } from './lib/paths.ts';
import { seedDemoData } from './lib/seed.ts';

const secrets = loadLocalSecrets(`${LOCAL_DATA_DIR}-secrets.json`);
let url = process.env['DATABASE_URL'];
const local = url ? undefined : await startLocalDatabase({ dataDir: LOCAL_DATA_DIR, persistent: true });
url ??= local!.url;
process.env['NETLIFY_DB_URL'] = url;
process.env['NETLIFY_DB_DRIVER'] = 'server';
// DATABASE_URL wins in openDb(): the pages rendered on demand run inside Vite, where Netlify's
// plugin provides a database connection of its own (its local database, not this one).
process.env['DATABASE_URL'] = url;

const db = connectDb(url);
await migrateToLatest(db);
await seedDemoData(db, { demoAdminPassword: secrets.DEMO_ADMIN_PASSWORD });
await db.destroy();

const astro = spawn(
  process.execPath,
  [path.join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'dev', ...process.argv.slice(2)],
  {
    cwd: ROOT,
    stdio: 'inherit',
    // Netlify's Vite plugin passes functions no client address; the product's functions then take
    // every request as this machine's (src/server/http/with-api.ts), never in a deploy.
    env: { ...process.env, SKYWARD_LOCAL_DEV: '1' },
  },
);
const stop = async (code: number) => {
  await local?.stop().catch(() => {});
  process.exit(code);
};
astro.on('exit', (code) => void stop(code ?? 0));
process.on('SIGINT', () => astro.kill('SIGINT'));
process.on('SIGTERM', () => astro.kill('SIGTERM'));
