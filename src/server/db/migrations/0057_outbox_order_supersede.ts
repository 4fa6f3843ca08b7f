import { sql, type Kysely } from 'kysely';

// Emails leave in the order they were written, and one whose reason passed is not sent
// (docs/decisions/0451, 0452):
// - `seq` numbers the messages as they are written (even inside one transaction, where
//   `created_at` is the same for all): one recipient's messages go out in that order;
// - `valid_while` names the rule under which a message still holds (src/contract/outbox-validity.ts)
//   and `about_id` the row the rule reads (a payment, an appointment, a change order ...); the
//   delivery's claim drops a message whose rule no longer holds as `superseded`.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table outbox add column seq bigint generated always as identity`.execute(db);
  await sql`alter table outbox add column valid_while text`.execute(db);
  await sql`alter table outbox add column about_id uuid`.execute(db);
  await sql`alter table outbox add constraint outbox_valid_while_about
            check ((valid_while is null) = (about_id is null))`.execute(db);
  await sql`alter table outbox drop constraint if exists outbox_status_check`.execute(db);
  await sql`alter table outbox add constraint outbox_status_check
            check (status in ('pending', 'sending', 'sent', 'dead', 'superseded'))`.execute(db);
  // What the claim asks of each message: is an earlier one to the same address still on its way?
  await sql`create index outbox_in_order_idx on outbox (channel, to_address, seq)
            where status in ('pending', 'sending')`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists outbox_in_order_idx`.execute(db);
  // A superseded message was never sent: before this migration the nearest state is a dead letter.
  await sql`update outbox set status = 'dead', last_error = coalesce(last_error, 'Superseded: not sent')
            where status = 'superseded'`.execute(db);
  await sql`alter table outbox drop constraint if exists outbox_status_check`.execute(db);
  await sql`alter table outbox add constraint outbox_status_check
            check (status in ('pending', 'sending', 'sent', 'dead'))`.execute(db);
  await sql`alter table outbox drop constraint if exists outbox_valid_while_about`.execute(db);
  await sql`alter table outbox drop column if exists about_id`.execute(db);
  await sql`alter table outbox drop column if exists valid_while`.execute(db);
  await sql`alter table outbox drop column if exists seq`.execute(db);
}
