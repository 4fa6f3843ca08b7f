import { sql, type Kysely } from 'kysely';

// The marketplace: aircraft, service requests (the "enhanced quotes"), who was matched to them,
// bids, appointments, mechanic profiles, ratings and in-app notifications.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const REQUEST_STATUSES = sql`('pending', 'matched', 'quoted', 'approved', 'in_progress', 'completed', 'cancelled')`;

  await db.schema
    .createTable('mechanic_profiles')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('ap_number', 'text', (c) => c.notNull())
    .addColumn('ia_authorization', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('specialties', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('hourly_rate', 'numeric(10, 2)', (c) => c.notNull())
    .addColumn('travel_rate', 'numeric(10, 2)')
    .addColumn('service_radius', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(50)
        .check(sql`service_radius > 0`),
    )
    .addColumn('base_location', 'text', (c) => c.notNull())
    .addColumn('base_location_label', 'text', (c) => c.notNull())
    .addColumn('base_latitude', 'double precision', (c) => c.notNull())
    .addColumn('base_longitude', 'double precision', (c) => c.notNull())
    .addColumn('business_name', 'text')
    .addColumn('available_weekdays', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{1,2,3,4,5}'::integer[]`))
    .addColumn('preferred_hours_start', 'text', (c) => c.notNull().defaultTo('08:00'))
    .addColumn('preferred_hours_end', 'text', (c) => c.notNull().defaultTo('17:00'))
    .addColumn('rating', 'numeric(3, 2)', (c) =>
      c
        .notNull()
        .defaultTo(5)
        .check(sql`rating between 0 and 5`),
    )
    .addColumn('completed_jobs', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('aircraft')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('owner_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tail_number', 'text', (c) => c.notNull())
    .addColumn('make', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('year', 'integer')
    .addColumn('total_hours', 'numeric(10, 1)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One entry per tail number per owner, however it is typed.
  await sql`create unique index aircraft_owner_tail_uidx on aircraft (owner_id, upper(tail_number))`.execute(db);

  await db.schema
    .createTable('service_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('aircraft_id', 'uuid', (c) => c.references('aircraft.id').onDelete('set null'))
    .addColumn('aircraft_make', 'text', (c) => c.notNull())
    .addColumn('aircraft_model', 'text', (c) => c.notNull())
    .addColumn('aircraft_year', 'integer')
    .addColumn('aircraft_tail_number', 'text', (c) => c.notNull())
    .addColumn('aircraft_total_hours', 'numeric(10, 1)')
    .addColumn('aircraft_location', 'text', (c) => c.notNull())
    .addColumn('aircraft_latitude', 'double precision')
    .addColumn('aircraft_longitude', 'double precision')
    .addColumn('service_type', 'text', (c) => c.notNull())
    .addColumn('service_description', 'text', (c) => c.notNull())
    .addColumn('urgency_level', 'text', (c) => c.notNull().defaultTo('normal'))
    .addColumn('preferred_start_date', 'date')
    .addColumn('service_location', 'text', (c) => c.notNull())
    .addColumn('service_location_label', 'text', (c) => c.notNull())
    .addColumn('service_latitude', 'double precision', (c) => c.notNull())
    .addColumn('service_longitude', 'double precision', (c) => c.notNull())
    .addColumn('customer_will_travel', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('max_travel_distance', 'integer', (c) => c.notNull().defaultTo(50))
    .addColumn('estimated_budget', 'numeric(12, 2)')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ${REQUEST_STATUSES}`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('service_requests_customer_idx')
    .on('service_requests')
    .columns(['customer_id', 'created_at'])
    .execute();
  await db.schema.createIndex('service_requests_status_idx').on('service_requests').column('status').execute();

  await db.schema
    .createTable('service_request_matches')
    .addColumn('service_request_id', 'uuid', (c) => c.notNull().references('service_requests.id').onDelete('cascade'))
    .addColumn('mechanic_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('distance_miles', 'integer', (c) => c.notNull())
    .addColumn('via', 'text', (c) => c.notNull().check(sql`via in ('service_radius', 'customer_travel')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('service_request_matches_pk', ['service_request_id', 'mechanic_id'])
    .execute();
  await db.schema
    .createIndex('service_request_matches_mechanic_idx')
    .on('service_request_matches')
    .column('mechanic_id')
    .execute();

  await db.schema
    .createTable('bids')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('service_request_id', 'uuid', (c) => c.notNull().references('service_requests.id').onDelete('cascade'))
    .addColumn('mechanic_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('labor_cost', 'numeric(12, 2)', (c) => c.notNull().check(sql`labor_cost >= 0`))
    .addColumn('parts_cost', 'numeric(12, 2)', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`parts_cost >= 0`),
    )
    .addColumn('total_cost', 'numeric(12, 2)', (c) => c.notNull())
    .addColumn('estimated_hours', 'numeric(7, 1)', (c) => c.notNull().check(sql`estimated_hours > 0`))
    .addColumn('available_start_date', 'date', (c) => c.notNull())
    .addColumn('estimated_completion_date', 'date', (c) => c.notNull())
    .addColumn('warranty_period', 'integer', (c) => c.notNull().defaultTo(90))
    .addColumn('notes', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'accepted', 'declined')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('bids_total_is_sum', sql`total_cost = labor_cost + parts_cost`)
    .addCheckConstraint('bids_dates_in_order', sql`estimated_completion_date >= available_start_date`)
    .addUniqueConstraint('bids_one_per_mechanic', ['service_request_id', 'mechanic_id'])
    .execute();
  // Whatever happens between requests, a request never has two accepted bids.
  await sql`create unique index bids_one_accepted_uidx on bids (service_request_id) where status = 'accepted'`.execute(
    db,
  );
  await db.schema.createIndex('bids_mechanic_idx').on('bids').column('mechanic_id').execute();

  await db.schema
    .createTable('appointments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('service_request_id', 'uuid', (c) =>
      c.notNull().unique().references('service_requests.id').onDelete('cascade'),
    )
    .addColumn('bid_id', 'uuid', (c) => c.notNull().references('bids.id').onDelete('cascade'))
    .addColumn('mechanic_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('scheduled_date', 'date', (c) => c.notNull())
    .addColumn('scheduled_time', 'text', (c) => c.notNull())
    .addColumn('estimated_duration', 'numeric(7, 1)', (c) => c.notNull())
    .addColumn('service_location', 'text', (c) => c.notNull())
    .addColumn('mechanic_notes', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('scheduled')
        .check(sql`status in ('scheduled', 'confirmed', 'in_progress', 'completed', 'cancelled')`),
    )
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('actual_start_time', 'timestamptz')
    .addColumn('completed_at', 'timestamptz')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('appointments_mechanic_idx')
    .on('appointments')
    .columns(['mechanic_id', 'scheduled_date'])
    .execute();
  await db.schema
    .createIndex('appointments_customer_idx')
    .on('appointments')
    .columns(['customer_id', 'scheduled_date'])
    .execute();

  await db.schema
    .createTable('ratings')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('appointment_id', 'uuid', (c) => c.notNull().unique().references('appointments.id').onDelete('cascade'))
    .addColumn('mechanic_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('review', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('ratings_mechanic_idx').on('ratings').column('mechanic_id').execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('is_read', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('read_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .execute();
  await db.schema
    .createIndex('notifications_user_idx')
    .on('notifications')
    .columns(['user_id', 'created_at'])
    .execute();
  await sql`create index notifications_unread_idx on notifications (user_id) where not is_read`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'notifications',
    'ratings',
    'appointments',
    'bids',
    'service_request_matches',
    'service_requests',
    'aircraft',
    'mechanic_profiles',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
