import { sql, type Kysely } from 'kysely';

// The appointment's date and time are agreed between the two parties
// (the mechanic proposes times, the owner picks one or counters, either reschedules with a reason)
// instead of being set by the product, and the owner says where the aircraft is (hangar, FBO).
// Appointments made before this are already agreed: the product's date stood and was confirmed.
// docs/decisions/0171-appointment-times-and-calendar.md
// It also gives the console's airmen_auto_approve setting its row (off), so reading it never 404s.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('appointments')
    .addColumn('schedule_state', 'text', (c) => c.notNull().defaultTo('agreed'))
    .addColumn('aircraft_whereabouts', 'text')
    .execute();
  await sql`alter table appointments add constraint appointments_schedule_state
    check (schedule_state in ('unconfirmed', 'proposed', 'agreed'))`.execute(db);
  await db.schema
    .createTable('appointment_proposals')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('appointment_id', 'uuid', (c) => c.notNull().references('appointments.id').onDelete('cascade'))
    .addColumn('proposed_by', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('proposer_role', 'text', (c) => c.notNull().check(sql`proposer_role in ('owner', 'mechanic')`))
    // [{ date: 'YYYY-MM-DD', time: 'HH:MM' }], 1 to 5 of them, in the appointment's time zone.
    .addColumn('times', 'jsonb', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'accepted', 'countered')`),
    )
    .addColumn('chosen', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('decided_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('appointment_proposals_by_appointment')
    .on('appointment_proposals')
    .columns(['appointment_id', 'created_at'])
    .execute();
  // At most one proposal waits for an answer per appointment.
  await sql`create unique index appointment_proposals_one_open on appointment_proposals (appointment_id) where status = 'open'`.execute(
    db,
  );
  // The console reads this setting on every load of the Mechanics panel: it exists with its default
  // (off) instead of answering 404 until an administrator first saves it.
  await sql`insert into system_settings (category, setting_key, setting_value, data_type, description)
    values ('security', 'airmen_auto_approve', 'false', 'boolean', 'A single exact match in the FAA airmen file approves a waiting mechanic')
    on conflict do nothing`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('appointment_proposals').execute();
  await db.schema.alterTable('appointments').dropConstraint('appointments_schedule_state').execute();
  await db.schema.alterTable('appointments').dropColumn('schedule_state').dropColumn('aircraft_whereabouts').execute();
}
