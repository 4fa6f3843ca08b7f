import { connectDb, type Db } from '../../src/server/db/client.ts';

let db: { url: string; db: Db } | undefined;
/**
 * Direct database access for assertions on what was (or was not) stored: the database the
 * functions use now. A file that moves to a database of its own (useIsolatedDatabase) gets a
 * connection to that one, and the next file in the same worker (the API tests share one module
 * graph per worker) gets the shared database again, never the previous file's.
 */
export function testDb(): Db {
  const url = process.env['DATABASE_URL']!;
  if (db?.url !== url) {
    void db?.db.destroy();
    db = { url, db: connectDb(url) };
  }
  return db.db;
}

/** Closes the connection testDb() opened; the setup file calls it after each test file. */
export async function closeTestDb(): Promise<void> {
  const open = db;
  db = undefined;
  await open?.db.destroy();
}
