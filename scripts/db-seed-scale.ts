// `npm run seed:scale`: adds the scale data set (a national marketplace's year: 5,000 mechanics,
// 50,000 owners, 60,000 aircraft, 200,000 requests, 400,000 bids, 150,000 appointments, 2 million
// notifications, plus 5,000 mechanics around KDEN) to the local database or DATABASE_URL, once,
// after the migrations and the demo data. `--no-crowd` leaves out the 5,000 around KDEN.
import { hashPassword } from '../src/server/auth/password.server.ts';
import { connectDb } from '../src/server/db/client.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { startLocalDatabase } from './lib/local-db.ts';
import { loadLocalSecrets } from './lib/local-secrets.ts';
import { LOCAL_DATA_DIR } from './lib/paths.ts';
import { seedDemoData } from './lib/seed.ts';
import {
  CROWD_AIRPORT,
  EMPTY_AIRPORT,
  NATIONAL,
  SCALE_ACCOUNTS,
  SCALE_PASSWORD,
  hasScaleData,
  seedScale,
} from './lib/seed-scale.ts';

// Each statement writes up to 2 million rows: no 5 s query limit here.
process.env['DB_QUERY_TIMEOUT_MS'] = '3600000';
process.env['DB_STATEMENT_TIMEOUT_MS'] = '3600000';
const configured = process.env['DATABASE_URL'];
const secrets = loadLocalSecrets(`${LOCAL_DATA_DIR}-secrets.json`);
const local = configured ? undefined : await startLocalDatabase({ dataDir: LOCAL_DATA_DIR, persistent: true });
const db = connectDb(configured ?? local!.url);
try {
  await migrateToLatest(db);
  await seedDemoData(db, { demoAdminPassword: secrets.DEMO_ADMIN_PASSWORD });
  if (await hasScaleData(db)) {
    console.log('The scale data set is already in this database.');
  } else {
    const started = performance.now();
    const sizes = { ...NATIONAL, crowd: process.argv.includes('--no-crowd') ? 0 : NATIONAL.crowd };
    await seedScale(db, sizes, await hashPassword(SCALE_PASSWORD), (line) => console.log(`  ${line}`));
    console.log(`Scale data set added in ${Math.round((performance.now() - started) / 1000)} s.`);
  }
  console.log(
    `Sign in as ${SCALE_ACCOUNTS.busyMechanic} (5,000 past jobs) or ${SCALE_ACCOUNTS.busyOwner} (500 requests), password ${SCALE_PASSWORD}.`,
  );
  console.log(`A request at ${CROWD_AIRPORT} has 5,000 mechanics in range; one at ${EMPTY_AIRPORT} has none.`);
} finally {
  await db.destroy();
  await local?.stop();
}
