import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { migrateDownOne, migrateToLatest } from '../../src/server/db/migrate.ts';
import { migrationProvider } from '../../src/server/db/migrations/index.ts';
import { useIsolatedDatabase } from '../helpers/isolated-db.ts';

// The database half of a rollback (`npm run db:migrate -- --down`): the newest migration's `down`
// runs, the schema is as the deploy before expects, and the next deploy applies it again.
let db: Db;

beforeAll(async () => {
  db = await useIsolatedDatabase();
});

afterAll(async () => {
  await db.destroy();
});

const applied = async () =>
  (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows.map((r) => r.name);

describe('npm run db:migrate -- --down', () => {
  it('undoes the newest migration only, and the next migrate applies it again', async () => {
    const names = Object.keys(await migrationProvider.getMigrations()).sort();
    const newest = names.at(-1)!;
    expect(await applied()).toEqual(names);
    expect(await migrateDownOne(db)).toBe(newest);
    expect(await applied()).toEqual(names.slice(0, -1));
    expect(await migrateToLatest(db)).toEqual([newest]);
    expect(await applied()).toEqual(names);
  });
});
