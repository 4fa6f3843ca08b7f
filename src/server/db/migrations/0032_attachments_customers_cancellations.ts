import { sql, type Kysely } from 'kysely';

// The appointment's calendar file reaches the parties, and payments' last pieces:
// - outbox.attachments: files an email carries (the appointment's .ics), as
//   [{ filename, contentType, content (base64) }]; null for none (docs/decisions/0165).
// - stripe_customers: one Stripe Customer per owner, reused by every appointment they pay
//   (docs/decisions/0166); filled from the payments made so far, the latest customer of each owner.
// - appointments.cancelled_by / cancellation_reason: who cancelled and why (a mechanic's
//   cancellation says why; docs/decisions/0167).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('attachments', 'jsonb').execute();

  await db.schema
    .createTable('stripe_customers')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`
    insert into stripe_customers (user_id, customer_id)
    select distinct on (owner_id) owner_id, customer_id
    from payments
    where customer_id is not null
    order by owner_id, created_at desc
  `.execute(db);

  await db.schema
    .alterTable('appointments')
    .addColumn('cancelled_by', 'text', (c) => c.check(sql`cancelled_by in ('owner', 'mechanic', 'stopped')`))
    .addColumn('cancellation_reason', 'text')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('appointments').dropColumn('cancellation_reason').dropColumn('cancelled_by').execute();
  await db.schema.dropTable('stripe_customers').execute();
  await db.schema.alterTable('outbox').dropColumn('attachments').execute();
}
