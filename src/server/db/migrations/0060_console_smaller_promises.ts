import { sql, type Kysely } from 'kysely';

// The console's outbox search (recipient or subject contains the text) reads a trigram index on
// the one expression it searches, as the Inbox's search does (migration 0024 made pg_trgm).
// Written out here, not imported: a migration stays what it was when it ran.
const OUTBOX_SEARCH = "(to_address || ' ' || coalesce(subject, ''))";

// Every public form asks whether email is going out (the last delivery attempt made with the
// current key): an index by provider and time answers it without reading every attempt ever made.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('outbox_attempts_provider_latest_idx')
    .on('outbox_attempts')
    .columns(['provider', 'attempted_at desc', 'id desc'])
    .execute();
  // The Inbox suggests a request for the same aircraft registration as a possible duplicate.
  await sql`create index quotes_inbox_registration_idx on quotes (upper(regexp_replace(coalesce(registration_number, ''), '[^A-Za-z0-9]', '', 'g')), created_at)`.execute(
    db,
  );
  await sql`create index outbox_search_idx on outbox using gin ((${sql.raw(OUTBOX_SEARCH)}) gin_trgm_ops)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('outbox_search_idx').execute();
  await db.schema.dropIndex('quotes_inbox_registration_idx').execute();
  await db.schema.dropIndex('outbox_attempts_provider_latest_idx').execute();
}
