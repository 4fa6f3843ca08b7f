import { sql, type Kysely } from 'kysely';

// Instant booking (docs/decisions/0240-instant-booking.md): a mechanic's flat rates, the
// availability they are booked against (with the secret of their calendar feed), and holds an
// owner places on days before confirming. A confirmed hold keeps its days: it is what blocks them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mechanic_rates')
    .addColumn('mechanic_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('service_type', 'text', (c) => c.notNull())
    .addColumn('aircraft_class', 'text', (c) =>
      c
        .notNull()
        .check(sql`aircraft_class in ('single_piston_fixed', 'single_piston_retractable', 'twin_piston', 'turboprop')`),
    )
    .addColumn('price_cents', 'bigint', (c) => c.notNull().check(sql`price_cents > 0`))
    .addColumn('includes', 'text')
    .addColumn('days', 'integer', (c) => c.notNull().check(sql`days between 1 and 30`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('mechanic_rates_pkey', ['mechanic_id', 'service_type', 'aircraft_class'])
    .execute();
  // Offers look up every mechanic pricing one service for one class.
  await db.schema
    .createIndex('mechanic_rates_service_class')
    .on('mechanic_rates')
    .columns(['service_type', 'aircraft_class'])
    .execute();

  await db.schema
    .createTable('mechanic_availability')
    .addColumn('mechanic_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('weekly', 'jsonb', (c) => c.notNull())
    .addColumn('time_off', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('max_concurrent_jobs', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`max_concurrent_jobs between 1 and 10`),
    )
    .addColumn('free_cancel_hours', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(72)
        .check(sql`free_cancel_hours between 0 and 720`),
    )
    .addColumn('calendar_token', 'text', (c) => c.notNull().unique())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('booking_holds')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('mechanic_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('owner_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('aircraft_id', 'uuid', (c) => c.notNull().references('aircraft.id').onDelete('cascade'))
    .addColumn('service_type', 'text', (c) => c.notNull())
    .addColumn('aircraft_class', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'bigint', (c) => c.notNull())
    .addColumn('includes', 'text')
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('days', sql`date[]`, (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('released_at', 'timestamptz')
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('appointment_id', 'uuid', (c) => c.references('appointments.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The days a mechanic is booked: live holds and confirmed bookings, per mechanic.
  await sql`create index booking_holds_mechanic_live on booking_holds (mechanic_id) where released_at is null`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('booking_holds').execute();
  await db.schema.dropTable('mechanic_availability').execute();
  await db.schema.dropTable('mechanic_rates').execute();
}
