import { sql, type Kysely } from 'kysely';

// Signed maintenance records: the logbook entry drafted when a job is completed
// (14 CFR 43.9, and 43.11 for inspections), edited by its mechanic, then signed: the text, its
// SHA-256, the signer and the time are kept and never change. A correction is a new entry that
// supersedes the signed one. docs/decisions/0130-signed-maintenance-records.md
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('maintenance_records')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('appointment_id', 'uuid', (c) => c.notNull().references('appointments.id').onDelete('cascade'))
    .addColumn('aircraft_id', 'uuid', (c) => c.references('aircraft.id').onDelete('set null'))
    .addColumn('owner_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('mechanic_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('draft')
        .check(sql`status in ('draft', 'signed', 'superseded')`),
    )
    .addColumn('supersedes_id', 'uuid', (c) => c.references('maintenance_records.id').onDelete('set null'))
    .addColumn('aircraft_label', 'text', (c) => c.notNull())
    .addColumn('inspection', 'text', (c) => c.check(sql`inspection in ('annual', '100_hour')`))
    .addColumn('inspection_extent', 'text')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('completed_on', 'date', (c) => c.notNull())
    .addColumn('performed_by', 'text', (c) => c.notNull())
    .addColumn('total_time_hours', sql`numeric(8,1)`)
    .addColumn('airworthy', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('discrepancies', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('signer_name', 'text')
    .addColumn('certificate_number', 'text')
    .addColumn('certificate_kind', 'text')
    .addColumn('signed_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('signed_at', 'timestamptz')
    .addColumn('entry_text', 'text')
    .addColumn('sha256', 'text')
    .addColumn('document_id', 'uuid', (c) => c.references('documents.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'maintenance_records_signed',
      sql`status = 'draft' or (signed_at is not null and sha256 is not null and entry_text is not null)`,
    )
    .execute();
  await db.schema
    .createIndex('maintenance_records_appointment_idx')
    .on('maintenance_records')
    .column('appointment_id')
    .execute();
  await db.schema
    .createIndex('maintenance_records_aircraft_idx')
    .on('maintenance_records')
    .column('aircraft_id')
    .execute();
  // One draft at a time per job: the first completion drafts it, a correction drafts the next.
  await sql`create unique index maintenance_records_one_draft on maintenance_records (appointment_id) where status = 'draft'`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('maintenance_records').execute();
}
