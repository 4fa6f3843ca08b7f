import type { Kysely } from 'kysely';

// Every public form asks whether email is going out (the last delivery attempt made with the
// current key): an index by provider and time answers it without reading every attempt ever made.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('outbox_attempts_provider_latest_idx')
    .on('outbox_attempts')
    .columns(['provider', 'attempted_at desc', 'id desc'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('outbox_attempts_provider_latest_idx').execute();
}
