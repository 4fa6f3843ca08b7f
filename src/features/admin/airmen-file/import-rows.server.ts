import { sql } from 'kysely';
import { isUuid } from '../../../contract/ids.ts';
import type { Db } from '../../../server/db/client.ts';
import type { CertRow, PersonRow } from './csv.ts';

/**
 * Where an import's rows live: two partitions of its own (migration 0018), filled in bulk, dropped
 * with the import.
 */

/** Rows per INSERT: one statement of arrays (unnest), so its size does not grow with the batch. */
const BATCH_ROWS = 5000;

/** The two partitions that hold one import's rows (migration 0018), named after its id. */
const partitionsOf = (importId: string) => {
  if (!isUuid(importId)) throw new Error(`Not an import id: ${importId}`);
  const suffix = importId.replace(/-/g, '');
  return { people: sql.id(`airmen_people_${suffix}`), certs: sql.id(`airmen_certs_${suffix}`) };
};

export async function createPartitions(db: Db, importId: string): Promise<void> {
  const { people, certs } = partitionsOf(importId);
  await sql`create table if not exists ${people} partition of airmen_people for values in (${sql.lit(importId)})`.execute(
    db,
  );
  await sql`create table if not exists ${certs} partition of airmen_certs for values in (${sql.lit(importId)})`.execute(
    db,
  );
}

/** An import's rows go with its partitions: a DROP TABLE, however many rows they hold. */
export async function dropRows(db: Db, importId: string): Promise<void> {
  const { people, certs } = partitionsOf(importId);
  await sql`drop table if exists ${people}, ${certs}`.execute(db);
}

export async function insertPeople(db: Db, importId: string, rows: PersonRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    const b = rows.slice(i, i + BATCH_ROWS);
    await sql`
      insert into airmen_people (import_id, unique_id, first_name, last_name, first_key, last_key, city, state)
      select ${importId}::uuid, * from unnest(
        ${b.map((r) => r.uniqueId)}::text[], ${b.map((r) => r.firstName)}::text[], ${b.map((r) => r.lastName)}::text[],
        ${b.map((r) => r.firstKey)}::text[], ${b.map((r) => r.lastKey)}::text[], ${b.map((r) => r.city)}::text[],
        ${b.map((r) => r.state)}::text[])`.execute(db);
  }
}

export async function insertCerts(db: Db, importId: string, rows: CertRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    const b = rows.slice(i, i + BATCH_ROWS);
    await sql`
      insert into airmen_certs (import_id, unique_id, cert_type, cert_level, ratings)
      select ${importId}::uuid, u, t, l, case when r = '' then '{}'::text[] else string_to_array(r, ',') end from unnest(
        ${b.map((r) => r.uniqueId)}::text[], ${b.map((r) => r.certType)}::text[], ${b.map((r) => r.certLevel)}::text[],
        ${b.map((r) => r.ratings.join(','))}::text[]) as x(u, t, l, r)`.execute(db);
  }
}
