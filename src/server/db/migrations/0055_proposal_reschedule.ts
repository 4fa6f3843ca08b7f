import { sql, type Kysely } from 'kysely';

// A proposal says whether it moves a time already agreed (a reschedule) or proposes a first one:
// the card said "asks to reschedule" for a first proposal that carried a note, because the only
// sign it had was the reason. Recorded when the proposal is made, from the appointment's state then
// (or the proposal it counters); earlier rows: a reschedule when an accepted proposal came before.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table appointment_proposals add column reschedule boolean not null default false`.execute(db);
  await sql`update appointment_proposals p set reschedule = true
            where exists (select 1 from appointment_proposals q
                          where q.appointment_id = p.appointment_id and q.status = 'accepted'
                            and q.created_at < p.created_at)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table appointment_proposals drop column if exists reschedule`.execute(db);
}
