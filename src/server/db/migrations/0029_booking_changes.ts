import { sql, type Kysely } from 'kysely';

// Instant booking, after confirmation (docs/decisions/0241-booking-after-confirmation.md): the
// cancellation terms the owner agreed to stay with the booking (a mechanic changing the window
// later does not change a booking already made), the due items it was booked for, and one row per
// reminder sent, keyed by the start it announced, so a rescheduled booking is reminded again and a
// reminder is never sent twice.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('booking_holds')
    .addColumn('free_cancel_hours', 'integer', (c) => c.check(sql`free_cancel_hours between 0 and 720`))
    .addColumn('item_ids', sql`uuid[]`, (c) => c.notNull().defaultTo(sql`'{}'::uuid[]`))
    .addColumn('rescheduled_at', 'timestamptz')
    // The calendar file's SEQUENCE: importing the file again after a reschedule moves the event.
    .addColumn('reschedules', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Holds placed before this column existed took the mechanic's window of the time.
  await sql`update booking_holds h set free_cancel_hours = a.free_cancel_hours from mechanic_availability a where a.mechanic_id = h.mechanic_id and h.free_cancel_hours is null`.execute(
    db,
  );
  // Reminders look up the confirmed bookings of the next few days.
  await sql`create index booking_holds_booked on booking_holds (appointment_id) where appointment_id is not null`.execute(
    db,
  );

  await db.schema
    .createTable('booking_reminders')
    .addColumn('appointment_id', 'uuid', (c) => c.notNull().references('appointments.id').onDelete('cascade'))
    .addColumn('hours_before', 'integer', (c) => c.notNull().check(sql`hours_before in (72, 24)`))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('booking_reminders_pkey', ['appointment_id', 'hours_before', 'starts_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('booking_reminders').execute();
  await sql`drop index if exists booking_holds_booked`.execute(db);
  await db.schema
    .alterTable('booking_holds')
    .dropColumn('free_cancel_hours')
    .dropColumn('item_ids')
    .dropColumn('rescheduled_at')
    .dropColumn('reschedules')
    .execute();
}
