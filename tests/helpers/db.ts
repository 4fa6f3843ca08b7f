import { connectDb, type Db } from '../../src/server/db/client.ts';

let db: Db | undefined;
/** Direct database access for assertions on what was (or was not) stored. */
export function testDb(): Db {
  db ??= connectDb(process.env['DATABASE_URL']!);
  return db;
}
