import { sql, type Kysely } from 'kysely';

// Payments on Stripe Connect: the mechanic's connected account, one payment per
// appointment (card on file, parts deposit, capture, payout, refunds, dispute), its event log, the
// Stripe webhook event ids already applied, and the deposit a bid asks for.
// docs/decisions/0230-payments-on-stripe-connect.md
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('connected_accounts')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().unique())
    .addColumn('charges_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('payouts_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('details_submitted', 'boolean', (c) => c.notNull().defaultTo(false))
    // The `created` of the last account.updated applied: an older event never overwrites a newer state.
    .addColumn('event_created', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('appointment_id', 'uuid', (c) => c.notNull().unique().references('appointments.id').onDelete('cascade'))
    .addColumn('owner_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('mechanic_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('card_needed')
        .check(
          sql`status in ('card_needed', 'card_saved', 'deposit_paid', 'payment_due', 'paid', 'refunded', 'disputed')`,
        ),
    )
    .addColumn('due_for', 'text', (c) => c.check(sql`due_for in ('deposit', 'capture')`))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('usd'))
    .addColumn('customer_id', 'text')
    .addColumn('setup_session_id', 'text')
    .addColumn('payment_method_id', 'text')
    .addColumn('deposit_percent', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`deposit_percent between 0 and 100`),
    )
    .addColumn('deposit_cents', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`deposit_cents >= 0`),
    )
    .addColumn('deposit_state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('none')
        .check(sql`deposit_state in ('none', 'due', 'paid', 'transferred', 'refunded', 'kept')`),
    )
    .addColumn('deposit_intent_id', 'text')
    .addColumn('deposit_transfer_id', 'text')
    .addColumn('total_cents', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`total_cents >= 0`),
    )
    .addColumn('fee_cents', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`fee_cents >= 0`),
    )
    .addColumn('payout_cents', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`payout_cents >= 0`),
    )
    .addColumn('capture_attempt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('charge_intent_id', 'text')
    .addColumn('charge_cents', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`charge_cents >= 0`),
    )
    .addColumn('transfer_id', 'text')
    .addColumn('paid_at', 'timestamptz')
    .addColumn('refunded_cents', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`refunded_cents >= 0`),
    )
    .addColumn('dispute_id', 'text')
    .addColumn('dispute_status', 'text')
    .addColumn('dispute_due_by', 'timestamptz')
    .addColumn('failure_message', 'text')
    .addColumn('pay_url', 'text')
    .addColumn('receipt_document_id', 'uuid', (c) => c.references('documents.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('payments_status_idx').on('payments').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('payments_mechanic_idx').on('payments').column('mechanic_id').execute();
  await db.schema.createIndex('payments_owner_idx').on('payments').column('owner_id').execute();
  await db.schema.createIndex('payments_charge_intent_idx').on('payments').column('charge_intent_id').execute();
  await db.schema.createIndex('payments_deposit_intent_idx').on('payments').column('deposit_intent_id').execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('payment_id', 'uuid', (c) => c.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('detail', 'text')
    .addColumn('stripe_id', 'text')
    .addColumn('actor_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('payment_events_payment_idx')
    .on('payment_events')
    .columns(['payment_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('stripe_webhook_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .alterTable('bids')
    .addColumn('deposit_percent', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`deposit_percent between 0 and 100`),
    )
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bids').dropColumn('deposit_percent').execute();
  await db.schema.dropTable('stripe_webhook_events').execute();
  await db.schema.dropTable('payment_events').execute();
  await db.schema.dropTable('payments').execute();
  await db.schema.dropTable('connected_accounts').execute();
}
