import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema at one point in time, not today's types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('quotes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('return_email', 'text', (c) => c.notNull())
    .addColumn('return_phone', 'text', (c) => c.notNull())
    .addColumn('aircraft_make', 'text', (c) => c.notNull())
    .addColumn('aircraft_model', 'text', (c) => c.notNull())
    .addColumn('registration_number', 'text')
    .addColumn('total_hours', 'numeric(10, 1)')
    .addColumn('aircraft_type', 'text', (c) => c.notNull())
    .addColumn('service_type', 'text', (c) => c.notNull())
    .addColumn('preferred_timeframe', 'text', (c) => c.notNull())
    .addColumn('location', 'text')
    .addColumn('last_invoice_amount', 'numeric(12, 2)')
    .addColumn('current_provider', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('additional_notes', 'text')
    .addColumn('schedule_consultation', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('email_updates', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('estimated_savings', 'numeric(5, 1)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('quotes_created_at_idx').on('quotes').column('created_at').execute();
  await db.schema.createIndex('quotes_status_idx').on('quotes').column('status').execute();

  await db.schema
    .createTable('leads')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('New'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One lead per email and source: a repeated popup submission updates, never duplicates.
  await sql`create unique index leads_email_source_uidx on leads (lower(email), source)`.execute(db);

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'sms')`))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('body_html', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'sending', 'sent', 'dead')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('provider_message_id', 'text')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('outbox_due_idx').on('outbox').columns(['status', 'next_attempt_at']).execute();

  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_hits_pk', ['bucket', 'window_start'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['rate_limit_hits', 'outbox', 'leads', 'quotes']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
