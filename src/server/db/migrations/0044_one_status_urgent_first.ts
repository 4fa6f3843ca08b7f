import { sql, type Kysely } from 'kysely';

// One status everywhere (docs/decisions/0420-one-status-the-inbox.md). The spec's `status` of a
// quote request and of a lead was written once, at arrival, and never again, while the Inbox
// worked the request to won or lost: two truths. It becomes a column the database derives from
// `inbox_status`, so no reader can see the old one and no writer can set it apart.
//
// Urgent quote requests (an emergency, "As Soon As Possible" chosen, or "ASAP", "today", "AOG"...
// in the message) are marked by
// the database from the same words as the contract's URGENT_REQUEST_RULE, frozen here as they were
// when this ran: a change of the words is a new migration, so a request never changes urgency
// behind the list's back.

const QUOTE_STATUS = `case inbox_status when 'new' then 'pending' when 'contacted' then 'in_progress'
  when 'quoted' then 'quoted' when 'won' then 'completed' when 'lost' then 'cancelled' end`;
const LEAD_STATUS = `case inbox_status when 'new' then 'New' when 'contacted' then 'Contacted'
  when 'quoted' then 'Quoted' when 'won' then 'Won' when 'lost' then 'Lost' end`;

/** URGENT_WORDS_PATTERN of src/contract/inbox.ts when this migration was written. */
export const URGENT_WORDS_0044 =
  '(asap|a\\.s\\.a\\.p|urgent|urgently|emergency|aog|on\\s+the\\s+ground|grounded|stranded|stuck|today|tonight|right\\s+away|immediately)';
const URGENT = `(service_type = 'emergency' or preferred_timeframe = 'asap'
  or message ~* '\\y${URGENT_WORDS_0044}\\y'
  or coalesce(additional_notes, '') ~* '\\y${URGENT_WORDS_0044}\\y')`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists quotes_status_idx`.execute(db);
  await sql`alter table quotes drop column status`.execute(db);
  await sql`alter table quotes add column status text not null generated always as (${sql.raw(QUOTE_STATUS)}) stored`.execute(
    db,
  );
  await sql`alter table leads drop column status`.execute(db);
  await sql`alter table leads add column status text not null generated always as (${sql.raw(LEAD_STATUS)}) stored`.execute(
    db,
  );
  await sql`alter table quotes add column urgent boolean not null generated always as (${sql.raw(URGENT)}) stored`.execute(
    db,
  );
  // The urgent unanswered come first in the Inbox: their own ordered half, like 0024's two.
  await sql`create index quotes_inbox_urgent_idx on quotes (created_at, id)
    where merged_into is null and inbox_status = 'new' and urgent`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists quotes_inbox_urgent_idx`.execute(db);
  await sql`alter table quotes drop column if exists urgent`.execute(db);
  // The derived values are kept as the plain columns they replaced.
  for (const [table, fallback] of [
    ['quotes', 'pending'],
    ['leads', 'New'],
  ] as const) {
    await sql`alter table ${sql.table(table)} add column status_kept text`.execute(db);
    await sql`update ${sql.table(table)} set status_kept = status`.execute(db);
    await sql`alter table ${sql.table(table)} drop column status`.execute(db);
    await sql`alter table ${sql.table(table)} rename column status_kept to status`.execute(db);
    await sql`alter table ${sql.table(table)} alter column status set default ${sql.lit(fallback)}, alter column status set not null`.execute(
      db,
    );
  }
  await sql`create index quotes_status_idx on quotes (status)`.execute(db);
}
