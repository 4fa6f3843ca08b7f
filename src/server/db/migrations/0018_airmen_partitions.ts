import { sql, type Kysely } from 'kysely';

// The FAA airmen file's rows, one partition per import (docs/decisions/0120, "One partition per
// file"): replacing last month's file drops its two partitions (DROP TABLE, instant) instead of
// deleting hundreds of thousands of rows inside the call that finishes the new import, which has
// a function's time limit. The rows of the latest completed import move over; older ones (only
// kept until the next import finished) and unfinished uploads do not.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table airmen_people rename to airmen_people_unpartitioned`.execute(db);
  await sql`alter table airmen_certs rename to airmen_certs_unpartitioned`.execute(db);
  await sql`alter index airmen_people_match_idx rename to airmen_people_unpartitioned_match_idx`.execute(db);
  await sql`alter index airmen_people_unique_idx rename to airmen_people_unpartitioned_unique_idx`.execute(db);
  await sql`alter index airmen_certs_unique_idx rename to airmen_certs_unpartitioned_unique_idx`.execute(db);

  await sql`
    create table airmen_people (
      import_id uuid not null references airmen_imports(id) on delete cascade,
      unique_id text not null,
      first_name text not null,
      last_name text not null,
      first_key text not null,
      last_key text not null,
      city text not null,
      state text not null
    ) partition by list (import_id)`.execute(db);
  await sql`create index airmen_people_match_idx on airmen_people (last_key, first_key, state)`.execute(db);
  await sql`create index airmen_people_unique_idx on airmen_people (unique_id)`.execute(db);
  await sql`
    create table airmen_certs (
      import_id uuid not null references airmen_imports(id) on delete cascade,
      unique_id text not null,
      cert_type text not null,
      cert_level text not null,
      ratings text[] not null
    ) partition by list (import_id)`.execute(db);
  await sql`create index airmen_certs_unique_idx on airmen_certs (unique_id)`.execute(db);

  const latest = await sql<{ id: string }>`
    select id from airmen_imports where status = 'completed' order by completed_at desc limit 1`.execute(db);
  const id = latest.rows[0]?.id;
  if (id) {
    const suffix = id.replace(/-/g, '');
    await sql`create table ${sql.id(`airmen_people_${suffix}`)} partition of airmen_people for values in (${sql.lit(id)})`.execute(
      db,
    );
    await sql`create table ${sql.id(`airmen_certs_${suffix}`)} partition of airmen_certs for values in (${sql.lit(id)})`.execute(
      db,
    );
    await sql`insert into airmen_people select * from airmen_people_unpartitioned where import_id = ${id}::uuid`.execute(
      db,
    );
    await sql`insert into airmen_certs select * from airmen_certs_unpartitioned where import_id = ${id}::uuid`.execute(
      db,
    );
  }
  await sql`
    update airmen_imports set status = 'failed', error = 'Interrupted by an update of the site: upload the file again', basic_tail = null, cert_tail = null
    where status = 'receiving'`.execute(db);
  await sql`drop table airmen_people_unpartitioned`.execute(db);
  await sql`drop table airmen_certs_unpartitioned`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  // Back to plain tables (the rows are re-imported by the next upload).
  await sql`drop table airmen_people`.execute(db);
  await sql`drop table airmen_certs`.execute(db);
  await sql`
    create table airmen_people (import_id uuid not null references airmen_imports(id) on delete cascade, unique_id text not null,
      first_name text not null, last_name text not null, first_key text not null, last_key text not null, city text not null, state text not null)`.execute(
    db,
  );
  await sql`create index airmen_people_match_idx on airmen_people (import_id, last_key, first_key, state)`.execute(db);
  await sql`create index airmen_people_unique_idx on airmen_people (import_id, unique_id)`.execute(db);
  await sql`
    create table airmen_certs (import_id uuid not null references airmen_imports(id) on delete cascade, unique_id text not null,
      cert_type text not null, cert_level text not null, ratings text[] not null)`.execute(db);
  await sql`create index airmen_certs_unique_idx on airmen_certs (import_id, unique_id)`.execute(db);
}
