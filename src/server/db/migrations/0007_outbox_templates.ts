import type { Kysely } from 'kysely';

// An email rendered from an admin's template remembers which one, so a delivery counts as a send.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('outbox')
    .addColumn('template_id', 'uuid', (c) => c.references('email_templates.id').onDelete('set null'))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('template_id').execute();
}
