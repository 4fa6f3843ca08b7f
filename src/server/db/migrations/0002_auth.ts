import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('pilot', 'mechanic', 'admin')`))
    .addColumn('phone', 'text')
    .addColumn('location', 'text')
    .addColumn('certification_number', 'text')
    .addColumn('years_experience', 'integer')
    .addColumn('service_radius', 'integer')
    .addColumn('hourly_rate', 'numeric(10, 2)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Emails are compared case-insensitively: one account per address however it is typed.
  await sql`create unique index users_email_uidx on users (lower(email))`.execute(db);
  await db.schema.createIndex('users_role_idx').on('users').column('role').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('users').ifExists().execute();
}
