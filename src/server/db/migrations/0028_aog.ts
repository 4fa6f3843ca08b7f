import { sql, type Kysely } from 'kysely';

// Aircraft on ground (docs/decisions/0250-aog-dispatch.md): the owner's report, who was asked (once
// each, by the primary key), the mechanics' offers (one each), the live status timeline, and the
// mechanics' "available for AOG calls" setting that lets an urgent message skip digests and quiet hours.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('aog_reports')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('owner_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('aircraft_id', 'uuid', (c) => c.references('aircraft.id').onDelete('set null'))
    .addColumn('aircraft_tail_number', 'text', (c) => c.notNull())
    .addColumn('aircraft_make', 'text', (c) => c.notNull())
    .addColumn('aircraft_model', 'text', (c) => c.notNull())
    .addColumn('airport', 'text', (c) => c.notNull())
    .addColumn('airport_label', 'text', (c) => c.notNull())
    .addColumn('latitude', 'float8', (c) => c.notNull())
    .addColumn('longitude', 'float8', (c) => c.notNull())
    .addColumn('location_on_field', 'text', (c) => c.notNull())
    .addColumn('symptoms', sql`text[]`, (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('document_ids', sql`uuid[]`, (c) => c.notNull().defaultTo(sql`'{}'::uuid[]`))
    .addColumn('access', 'jsonb', (c) => c.notNull())
    .addColumn('can_fly_out', 'boolean', (c) => c.notNull())
    .addColumn('callback_phone', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(
          sql`status in ('open', 'accepted', 'en_route', 'on_site', 'diagnosing', 'parts_needed', 'fixed', 'ferry_permit_needed', 'cancelled')`,
        ),
    )
    .addColumn('step', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`step between 0 and 3`),
    )
    .addColumn('radius_miles', 'integer', (c) => c.notNull())
    .addColumn('mechanic_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('appointment_id', 'uuid', (c) => c.references('appointments.id').onDelete('set null'))
    .addColumn('arrive_by', 'timestamptz')
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('closed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The escalation run and the console read the open calls only, oldest first.
  await sql`create index aog_reports_open on aog_reports (created_at) where status = 'open'`.execute(db);
  await sql`create index aog_reports_owner on aog_reports (owner_id, created_at desc)`.execute(db);
  await sql`create index aog_reports_mechanic on aog_reports (mechanic_id, created_at desc) where mechanic_id is not null`.execute(
    db,
  );

  await db.schema
    .createTable('aog_notified')
    .addColumn('aog_id', 'uuid', (c) => c.notNull().references('aog_reports.id').onDelete('cascade'))
    .addColumn('mechanic_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('step', 'integer', (c) => c.notNull())
    .addColumn('distance_miles', 'integer', (c) => c.notNull())
    .addColumn('urgent', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('aog_notified_pkey', ['aog_id', 'mechanic_id'])
    .execute();

  await db.schema
    .createTable('aog_offers')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('aog_id', 'uuid', (c) => c.notNull().references('aog_reports.id').onDelete('cascade'))
    .addColumn('mechanic_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('arrive_by', 'timestamptz', (c) => c.notNull())
    .addColumn('callout_fee_cents', 'bigint', (c) => c.notNull().check(sql`callout_fee_cents >= 0`))
    .addColumn('note', 'text')
    .addColumn('distance_miles', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'accepted', 'declined')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('aog_offers_one_per_mechanic', ['aog_id', 'mechanic_id'])
    .execute();
  // The schema's own guard: one accepted offer per call, whatever the code does.
  await sql`create unique index aog_offers_one_accepted on aog_offers (aog_id) where status = 'accepted'`.execute(db);

  await db.schema
    .createTable('aog_events')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('aog_id', 'uuid', (c) => c.notNull().references('aog_reports.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('by_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .execute();
  await db.schema.createIndex('aog_events_aog').on('aog_events').columns(['aog_id', 'created_at']).execute();

  await db.schema
    .createTable('aog_mechanic_settings')
    .addColumn('mechanic_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('available', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['aog_mechanic_settings', 'aog_events', 'aog_offers', 'aog_notified', 'aog_reports'])
    await db.schema.dropTable(table).execute();
}
