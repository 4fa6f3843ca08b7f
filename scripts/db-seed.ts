// `npm run db:seed`: the demo data (accounts, quotes and leads, marketplace, blog, console settings)
// in the local embedded database, or in DATABASE_URL when set. Each part seeds once: running it
// again changes nothing. Migrations are applied first. Prints the demo logins.
import { connectDb } from '../src/server/db/client.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { startLocalDatabase } from './lib/local-db.ts';
import { loadLocalSecrets } from './lib/local-secrets.ts';
import { LOCAL_DATA_DIR } from './lib/paths.ts';
import { seedDemoData } from './lib/seed.ts';

const configured = process.env['DATABASE_URL'];
const secrets = loadLocalSecrets(`${LOCAL_DATA_DIR}-secrets.json`);
const local = configured ? undefined : await startLocalDatabase({ dataDir: LOCAL_DATA_DIR, persistent: true });
const db = connectDb(configured ?? local!.url);
try {
  await migrateToLatest(db);
  const logins = await seedDemoData(db, { demoAdminPassword: secrets.DEMO_ADMIN_PASSWORD });
  console.log('Demo data is in place. Demo logins:');
  for (const login of logins) console.log(`  ${login.role.padEnd(9)} ${login.email.padEnd(24)} ${login.password}`);
} finally {
  await db.destroy();
  await local?.stop();
}
