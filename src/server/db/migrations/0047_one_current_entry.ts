import { sql, type Kysely } from 'kysely';

// A job's logbook has one current entry: its signed entry, or before the signature its draft. A
// correction is a second draft that names the entry it supersedes (at most one, the existing
// `maintenance_records_one_draft` index). Held by the database, so no path (a retried completion,
// a second signature, a fixture) can write a second current entry (docs/decisions/0392).
// That a completed job has an entry at all is the completion's transaction (it drafts it) and
// `npm run check:data`'s to watch: rows written straight into the tables may have none.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const twice = await sql<{ appointmentId: string }>`
    select appointment_id as "appointmentId" from maintenance_records
    where status = 'signed' or (status = 'draft' and supersedes_id is null)
    group by appointment_id having count(*) > 1 limit 5`.execute(db);
  if (twice.rows.length)
    throw new Error(
      `Jobs with two current logbook entries (${twice.rows.map((r) => r.appointmentId).join(', ')}): ` +
        'an entry is a legal record, so this migration removes none. Run `npm run check:data`, supersede the wrong entry by a correction, then migrate again.',
    );
  await sql`create unique index maintenance_records_one_current on maintenance_records (appointment_id)
            where status = 'signed' or (status = 'draft' and supersedes_id is null)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists maintenance_records_one_current`.execute(db);
}
