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

  // Brute-force protection (docs/decisions/0022-login-brute-force.md): one row per counted sign-in
  // attempt, per scope ('account' keyed by lower-cased email, 'ip' keyed by client address).
  // Counted over a sliding window; functions keep no memory, so the count lives here.
  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('scope', 'text', (c) => c.notNull().check(sql`scope in ('account', 'ip')`))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('failed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('login_failures_key_idx')
    .on('login_failures')
    .columns(['scope', 'key', 'failed_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_failures').ifExists().execute();
  await db.schema.dropTable('users').ifExists().execute();
}
