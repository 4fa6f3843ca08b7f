import { sql, type Kysely } from 'kysely';

// Itemized bids: a bid's lines (category, labor hours at a rate, parts, the due item or
// squawk a line answers, the owner's decision) and change orders added during a job in progress.
// Money in cents, hours in tenths. docs/decisions/0110-itemized-bids.md
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('change_orders')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('appointment_id', 'uuid', (c) => c.notNull().references('appointments.id').onDelete('cascade'))
    .addColumn('mechanic_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'decided')`),
    )
    .addColumn('note', 'text')
    .addColumn('document_ids', sql`uuid[]`, (c) => c.notNull().defaultTo(sql`'{}'::uuid[]`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('decided_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('change_orders_appointment_idx').on('change_orders').column('appointment_id').execute();

  await db.schema
    .createTable('bid_lines')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('bid_id', 'uuid', (c) => c.notNull().references('bids.id').onDelete('cascade'))
    .addColumn('change_order_id', 'uuid', (c) => c.references('change_orders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('category', 'text', (c) =>
      c.notNull().check(sql`category in ('inspection', 'airworthy', 'discretionary', 'parts', 'travel')`),
    )
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('hours_tenths', 'integer', (c) => c.notNull().check(sql`hours_tenths >= 0`))
    .addColumn('rate_cents', 'bigint', (c) => c.notNull().check(sql`rate_cents >= 0`))
    // hours x rate to the cent; a bid sent without lines keeps its labor exactly (the rate is then shown rounded).
    .addColumn('labor_cents', 'bigint', (c) => c.notNull().check(sql`labor_cents >= 0`))
    .addColumn('parts_cents', 'bigint', (c) => c.notNull().check(sql`parts_cents >= 0`))
    .addColumn('due_item_id', 'uuid', (c) => c.references('maintenance_items.id').onDelete('set null'))
    .addColumn('squawk_id', 'uuid', (c) => c.references('squawks.id').onDelete('set null'))
    .addColumn('decision', 'text', (c) => c.check(sql`decision in ('approve', 'defer', 'decline')`))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'bid_lines_declinable',
      sql`decision is distinct from 'decline' or category not in ('inspection', 'airworthy')`,
    )
    .addUniqueConstraint('bid_lines_position', ['bid_id', 'position'])
    .execute();

  await backfillBidLines(db);
}

/** Every bid without lines (all bids before this migration) becomes its one line, so every bid has lines. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function backfillBidLines(db: Kysely<any>): Promise<void> {
  await sql`
    insert into bid_lines (bid_id, position, category, description, hours_tenths, rate_cents, labor_cents, parts_cents, decision, decided_at)
    select b.id, 1,
      case when r.service_type in ('annual_inspection', 'hundred_hour', 'prepurchase') then 'inspection' else 'discretionary' end,
      'Work as quoted',
      round(b.estimated_hours * 10)::integer,
      round(b.labor_cost * 100 / b.estimated_hours)::bigint,
      round(b.labor_cost * 100)::bigint,
      round(b.parts_cost * 100)::bigint,
      case when b.status = 'accepted' then 'approve' end,
      case when b.status = 'accepted' then b.updated_at end
    from bids b join service_requests r on r.id = b.service_request_id
    where not exists (select 1 from bid_lines l where l.bid_id = b.id)
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bid_lines').ifExists().execute();
  await db.schema.dropTable('change_orders').ifExists().execute();
}
