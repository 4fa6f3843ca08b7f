// Applies pending migrations to DATABASE_URL / NETLIFY_DB_URL (Netlify build), or to the local
// embedded database when neither is set.
import { connectDb } from '../src/server/db/client.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { startLocalDatabase } from './lib/local-db.ts';
import { LOCAL_DATA_DIR } from './lib/paths.ts';

const configured = process.env['DATABASE_URL'] || process.env['NETLIFY_DB_URL'];
const local = configured ? undefined : await startLocalDatabase({ dataDir: LOCAL_DATA_DIR, persistent: true });
const db = connectDb(configured ?? local!.url);
try {
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database schema is up to date.');
} finally {
  await db.destroy();
  await local?.stop();
}
