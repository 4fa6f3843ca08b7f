import { sql, type Kysely } from 'kysely';

// Maintenance tracking: an aircraft's usage, home airport and due-soon thresholds; its
// hour readings; its due items (both clocks); squawks; and which items and squawks a service
// request was made for. docs/decisions/0100-maintenance-tracking.md
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('aircraft')
    .addColumn('usage', 'text', (c) =>
      c
        .notNull()
        .defaultTo('private')
        .check(sql`usage in ('private', 'for_hire')`),
    )
    .addColumn('home_airport', 'text')
    .addColumn('due_soon_days', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(30)
        .check(sql`due_soon_days > 0`),
    )
    .addColumn('due_soon_hours', 'numeric(6, 1)', (c) =>
      c
        .notNull()
        .defaultTo(10)
        .check(sql`due_soon_hours > 0`),
    )
    .execute();

  await db.schema
    .createTable('aircraft_hours')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('aircraft_id', 'uuid', (c) => c.notNull().references('aircraft.id').onDelete('cascade'))
    .addColumn('hours', 'numeric(10, 1)', (c) => c.notNull().check(sql`hours >= 0`))
    .addColumn('reading_date', 'date', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('aircraft_hours_aircraft_idx')
    .on('aircraft_hours')
    .columns(['aircraft_id', 'reading_date'])
    .execute();

  await db.schema
    .createTable('maintenance_items')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('aircraft_id', 'uuid', (c) => c.notNull().references('aircraft.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`kind in ('annual', '100_hour', 'transponder', 'pitot_static', 'elt', 'registration', 'ad', 'custom')`,
        ),
    )
    .addColumn('title', 'text')
    .addColumn('ad_number', 'text', (c) => c.check(sql`ad_number ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`))
    .addColumn('last_done_date', 'date')
    .addColumn('last_done_hours', 'numeric(10, 1)')
    .addColumn('interval_months', 'integer', (c) => c.check(sql`interval_months > 0`))
    .addColumn('interval_hours', 'numeric(7, 1)', (c) => c.check(sql`interval_hours > 0`))
    .addColumn('fixed_due_date', 'date')
    .addColumn('fixed_due_hours', 'numeric(10, 1)')
    .addColumn('carried_hours', 'numeric(4, 1)', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`carried_hours between 0 and 10`),
    )
    .addColumn('notes', 'text')
    // The last state a reminder email was queued for ('due_soon' or 'overdue'): once per state.
    .addColumn('reminded_status', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('maintenance_items_aircraft_idx').on('maintenance_items').column('aircraft_id').execute();

  await db.schema
    .createTable('squawks')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('aircraft_id', 'uuid', (c) => c.notNull().references('aircraft.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('priority', 'text', (c) =>
      c.notNull().check(sql`priority in ('grounding', 'fix_soon', 'next_inspection', 'when_convenient')`),
    )
    .addColumn('document_id', 'uuid', (c) => c.references('documents.id').onDelete('set null'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'resolved')`),
    )
    .addColumn('resolution_note', 'text')
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('squawks_aircraft_idx').on('squawks').column('aircraft_id').execute();

  await db.schema
    .createTable('maintenance_request_links')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('service_request_id', 'uuid', (c) => c.notNull().references('service_requests.id').onDelete('cascade'))
    .addColumn('item_id', 'uuid', (c) => c.references('maintenance_items.id').onDelete('cascade'))
    .addColumn('squawk_id', 'uuid', (c) => c.references('squawks.id').onDelete('cascade'))
    // Set when the mechanic records this item or squawk as done on the completed job.
    .addColumn('completed_at', 'timestamptz')
    .addCheckConstraint('maintenance_request_links_one', sql`(item_id is null) <> (squawk_id is null)`)
    .execute();
  await db.schema
    .createIndex('maintenance_request_links_request_idx')
    .on('maintenance_request_links')
    .column('service_request_id')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['maintenance_request_links', 'squawks', 'maintenance_items', 'aircraft_hours']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema
    .alterTable('aircraft')
    .dropColumn('due_soon_hours')
    .dropColumn('due_soon_days')
    .dropColumn('home_airport')
    .dropColumn('usage')
    .execute();
}
