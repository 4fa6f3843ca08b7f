import { sql, type Kysely } from 'kysely';

// A password-reset link is made when its email is sent, never stored readable
// (docs/decisions/0340-reset-links-made-when-sent.md). A reset row has no hash until then, and
// names the outbox message that will carry its link. The links already queued or sent in clear
// are masked in the outbox, and every reset row still open is expired: those links were readable
// by any administrator and sat in backups. Their owners ask again.

const MASK = '••••••••';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table password_reset_tokens alter column token_hash drop not null`.execute(db);
  await sql`alter table password_reset_tokens add column outbox_id uuid references outbox (id) on delete set null`.execute(
    db,
  );
  await sql`create unique index password_reset_tokens_outbox_idx on password_reset_tokens (outbox_id)`.execute(db);
  await sql`update password_reset_tokens set expires_at = now() where used_at is null and expires_at > now()`.execute(
    db,
  );
  for (const column of ['body_text', 'body_html'] as const) {
    await sql`update outbox set ${sql.ref(column)} = regexp_replace(${sql.ref(column)}, '([?&]token=)[A-Za-z0-9_%-]+', ${`\\1${MASK}`}, 'g')
              where kind = 'auth.password_reset' and ${sql.ref(column)} ~ '[?&]token='`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  // Rows waiting for their email have no hash; the old schema cannot hold them (their links were never made).
  await sql`delete from password_reset_tokens where token_hash is null`.execute(db);
  await sql`drop index if exists password_reset_tokens_outbox_idx`.execute(db);
  await sql`alter table password_reset_tokens drop column outbox_id`.execute(db);
  await sql`alter table password_reset_tokens alter column token_hash set not null`.execute(db);
}
