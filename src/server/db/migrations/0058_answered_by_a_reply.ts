import { sql, type Kysely } from 'kysely';

// A request is answered when the business first replied to it, not when its status first left
// `new` (the funnel's "answered within 24 h" counted a status change as an answer). The time
// already recorded is replaced by the first reply on the request's history, or none.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const kind of ['quotes', 'leads'] as const)
    await sql`update ${sql.table(kind)} r set answered_at = (
        select min(e.at) from inbox_events e
        where e.subject_kind = ${kind} and e.subject_id = r.id and e.kind = 'reply')`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  // Back to the old meaning: the first move away from `new`, or the first reply, whichever came first.
  for (const kind of ['quotes', 'leads'] as const)
    await sql`update ${sql.table(kind)} r set answered_at = (
        select min(e.at) from inbox_events e
        where e.subject_kind = ${kind} and e.subject_id = r.id
          and (e.kind = 'reply' or (e.kind = 'status' and e.from_status = 'new')))`.execute(db);
}
