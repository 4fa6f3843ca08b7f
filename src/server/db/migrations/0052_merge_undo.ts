import { sql, type Kysely } from 'kysely';

// A merge of two Inbox requests can be undone for 30 days (docs/decisions/0401): the merge event
// names the survivor's fields it filled from the duplicate (`filled`, column names), so undoing it
// empties exactly those, and an `unmerge` event records the undo on both requests.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table inbox_events add column filled text[]`.execute(db);
  await sql`alter table inbox_events drop constraint if exists inbox_events_kind_check`.execute(db);
  await sql`alter table inbox_events add constraint inbox_events_kind_check
            check (kind in ('status', 'note', 'reply', 'assign', 'merge', 'unmerge', 'convert'))`.execute(db);
  await sql`create index inbox_events_other_idx on inbox_events (other_id) where kind = 'merge'`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists inbox_events_other_idx`.execute(db);
  await sql`delete from inbox_events where kind = 'unmerge'`.execute(db);
  await sql`alter table inbox_events drop constraint if exists inbox_events_kind_check`.execute(db);
  await sql`alter table inbox_events add constraint inbox_events_kind_check
            check (kind in ('status', 'note', 'reply', 'assign', 'merge', 'convert'))`.execute(db);
  await sql`alter table inbox_events drop column if exists filled`.execute(db);
}
