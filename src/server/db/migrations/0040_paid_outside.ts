import { sql, type Kysely } from 'kysely';

// A job's payment can end "paid outside Skyward": the owner could not save a working card and the
// mechanic, paid another way, says so (docs/decisions/0310-one-job-writer.md). The status joins the
// payment's check, with who said it and when, so the owner, the console and the invoice can show it.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table payments drop constraint payments_status_check`.execute(db);
  await sql`
    alter table payments add constraint payments_status_check check (status in
      ('card_needed', 'card_saved', 'deposit_paid', 'payment_due', 'paid', 'refunded', 'disputed', 'paid_outside'))`.execute(
    db,
  );
  await sql`
    alter table payments
      add column paid_outside_at timestamptz,
      add column paid_outside_by uuid references users(id) on delete set null`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  // A payment marked paid outside goes back to waiting for a card: nothing was charged through Skyward.
  await sql`update payments set status = 'card_needed' where status = 'paid_outside'`.execute(db);
  await sql`alter table payments drop column paid_outside_at, drop column paid_outside_by`.execute(db);
  await sql`alter table payments drop constraint payments_status_check`.execute(db);
  await sql`
    alter table payments add constraint payments_status_check check (status in
      ('card_needed', 'card_saved', 'deposit_paid', 'payment_due', 'paid', 'refunded', 'disputed'))`.execute(db);
}
