import { sql, type Kysely } from 'kysely';

// A handled report says how and by whom: the console keeps a history of handled reports ("No action
// needed", the conversation closed, closed with its sender suspended), newest first. Reports handled
// before this migration keep their time and no resolution ("handled" without the how).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table conversation_reports
            add column resolved_by uuid references users(id) on delete set null,
            add column resolution text check (resolution in ('dismissed', 'closed', 'closed_suspended'))`.execute(db);
  await sql`create index conversation_reports_handled_idx on conversation_reports (resolved_at desc, id)
            where resolved_at is not null`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists conversation_reports_handled_idx`.execute(db);
  await sql`alter table conversation_reports drop column if exists resolution, drop column if exists resolved_by`.execute(
    db,
  );
}
