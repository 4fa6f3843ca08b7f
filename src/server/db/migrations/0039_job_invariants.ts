import { sql, type Kysely } from 'kysely';

// The rules of a job that span features, held by the database whatever the caller
// (docs/decisions/0301):
// - no charge and no payout recorded for a job whose logbook entry is not signed: a payment row
//   may not gain its paid_at, its final charge or its final transfer without a signed (or
//   since superseded) entry for its appointment. The charge itself is refused before Stripe is
//   called, under the payment's lock (money.server.ts, entrySigned); this is what refuses it when
//   some other path forgets.
// - a signed entry's job is completed.
// Rows already in the table are left as they are: only a change is checked.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function payments_need_signed_entry() returns trigger language plpgsql as $$
    begin
      if ((new.paid_at is not null and old.paid_at is null)
          or (new.charge_intent_id is not null and old.charge_intent_id is null)
          or (new.transfer_id is not null and old.transfer_id is null))
         and not exists (
           select 1 from maintenance_records r
            where r.appointment_id = new.appointment_id and r.status in ('signed', 'superseded'))
      then
        raise exception 'A job is charged and its mechanic paid only once its logbook entry is signed (appointment %)',
          new.appointment_id using errcode = 'check_violation';
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger payments_need_signed_entry before update on payments
    for each row execute function payments_need_signed_entry()`.execute(db);

  await sql`
    create function signed_entry_needs_completed_job() returns trigger language plpgsql as $$
    begin
      if new.status = 'signed' and (tg_op = 'INSERT' or old.status is distinct from 'signed')
         and not exists (select 1 from appointments a where a.id = new.appointment_id and a.status = 'completed')
      then
        raise exception 'A logbook entry is signed only for a completed job (appointment %)',
          new.appointment_id using errcode = 'check_violation';
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger signed_entry_needs_completed_job before insert or update of status on maintenance_records
    for each row execute function signed_entry_needs_completed_job()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists signed_entry_needs_completed_job on maintenance_records`.execute(db);
  await sql`drop function if exists signed_entry_needs_completed_job()`.execute(db);
  await sql`drop trigger if exists payments_need_signed_entry on payments`.execute(db);
  await sql`drop function if exists payments_need_signed_entry()`.execute(db);
}
