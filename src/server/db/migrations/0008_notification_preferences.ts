import type { Kysely } from 'kysely';

// Marketplace notices also go by email unless the user turns it off in their notifications tab.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('email_notifications', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('email_notifications').execute();
}
