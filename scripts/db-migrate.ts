// Applies pending migrations to DATABASE_URL / NETLIFY_DB_URL (Netlify build), or to the local
// embedded database when neither is set. `--down` undoes the newest applied migration instead
// (its `down`), one a run: the database half of a rollback (README, "Rolling back a deploy").
import { parseArgs } from 'node:util';
import { connectDb } from '../src/server/db/client.ts';
import { migrateDownOne, migrateToLatest } from '../src/server/db/migrate.ts';
import { startLocalDatabase } from './lib/local-db.ts';
import { LOCAL_DATA_DIR } from './lib/paths.ts';

const { values: args } = parseArgs({ options: { down: { type: 'boolean', default: false } } });
const configured = process.env['DATABASE_URL'] || process.env['NETLIFY_DB_URL'];
const local = configured ? undefined : await startLocalDatabase({ dataDir: LOCAL_DATA_DIR, persistent: true });
const db = connectDb(configured ?? local!.url);
try {
  if (args.down) {
    const undone = await migrateDownOne(db);
    console.log(undone ? `Undid migration ${undone}.` : 'No migration is applied.');
  } else {
    const applied = await migrateToLatest(db);
    console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database schema is up to date.');
  }
} finally {
  await db.destroy();
  await local?.stop();
}
