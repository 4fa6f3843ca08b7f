import { sql, type Kysely } from 'kysely';

// Security hardening:
// - users.token_version: every access token carries it; bumping it ends every session of the user
//   (logout-all, password change, password reset). docs/decisions/0090-revocable-sessions.md
// - revoked_tokens: single tokens ended by logout, kept until they would have expired anyway.
// - password_reset_tokens: single-use reset links, stored as SHA-256 hashes only.
// - users.mechanic_status: vetting of mechanics by an administrator (docs/decisions/0093).
//   Mechanics that already exist were working before vetting existed: they stay approved.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mechanic_status', 'text', (c) => c.check(sql`mechanic_status in ('pending', 'approved', 'rejected')`))
    .addColumn('mechanic_review_reason', 'text')
    .addColumn('mechanic_reviewed_at', 'timestamptz')
    .execute();
  await sql`update users set mechanic_status = 'approved', mechanic_reviewed_at = now() where role = 'mechanic'`.execute(
    db,
  );
  // Service radius at most 500 miles: a wider one showed a mechanic nearly every request.
  await sql`update users set service_radius = 500 where service_radius > 500`.execute(db);
  await sql`update mechanic_profiles set service_radius = 500 where service_radius > 500`.execute(db);
  await sql`create index users_mechanic_status_idx on users (mechanic_status) where role = 'mechanic'`.execute(db);

  await db.schema
    .createTable('revoked_tokens')
    .addColumn('jti', 'uuid', (c) => c.primaryKey())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('password_reset_tokens_user_idx').on('password_reset_tokens').column('user_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('password_reset_tokens').execute();
  await db.schema.dropTable('revoked_tokens').execute();
  await sql`drop index if exists users_mechanic_status_idx`.execute(db);
  await db.schema
    .alterTable('users')
    .dropColumn('mechanic_reviewed_at')
    .dropColumn('mechanic_review_reason')
    .dropColumn('mechanic_status')
    .dropColumn('token_version')
    .execute();
}
