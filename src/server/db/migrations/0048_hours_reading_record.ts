import { sql, type Kysely } from 'kysely';

// A reading a signed logbook entry recorded names that entry, so a correction can replace it
// (docs/decisions/0395-a-correction-moves-what-the-entry-moved.md): the tach rule leaves the
// superseded entry's own reading out, and the correction's signature swaps it for its own. The
// logbook's index follows its order: day, then total time (tach order), then signature.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table aircraft_hours add column record_id uuid references maintenance_records (id) on delete set null`.execute(
    db,
  );
  await sql`create index aircraft_hours_record_idx on aircraft_hours (record_id) where record_id is not null`.execute(
    db,
  );
  await sql`drop index if exists maintenance_records_logbook_idx`.execute(db);
  await sql`create index maintenance_records_logbook_idx on maintenance_records
            (aircraft_id, completed_on, (coalesce(total_time_hours, -1)), signed_at, id)
            where status in ('signed', 'superseded')`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists maintenance_records_logbook_idx`.execute(db);
  await sql`create index maintenance_records_logbook_idx on maintenance_records (aircraft_id, completed_on, signed_at, id)
            where status in ('signed', 'superseded')`.execute(db);
  await sql`drop index if exists aircraft_hours_record_idx`.execute(db);
  await sql`alter table aircraft_hours drop column if exists record_id`.execute(db);
}
