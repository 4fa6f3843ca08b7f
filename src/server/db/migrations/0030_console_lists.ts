import { sql, type Kysely } from 'kysely';
import { decryptSecret, encryptSecret, isEncryptedValue } from '../../crypto.server.ts';

// The console's remaining promises:
// - every delivery attempt of an outbox message is kept (when, through which provider, what
//   happened), so a message opened in the console shows its attempts, not only the last error
//   (docs/decisions/0196-outbox-messages-readable.md);
// - a lead search run in test mode or without an Apollo key is counted as a search too, marked
//   as sample (docs/decisions/0197-lead-kinds-and-searches.md);
// - a blog read counts once per visitor per day (docs/decisions/0199);
// - Apollo's key moves from the `apollo_api_key` setting (marketing) to API Keys, where every
//   other integration's key lives (docs/decisions/0198-integration-keys-in-one-place.md).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outbox_attempts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('outbox_id', 'uuid', (c) => c.notNull().references('outbox.id').onDelete('cascade'))
    .addColumn('attempted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('sent', 'failed', 'interrupted')`))
    .addColumn('provider', 'text')
    .addColumn('detail', 'text')
    .execute();
  await db.schema
    .createIndex('outbox_attempts_message_idx')
    .on('outbox_attempts')
    .columns(['outbox_id', 'attempted_at'])
    .execute();

  await db.schema
    .alterTable('lead_searches')
    .addColumn('sample', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await sql`alter table api_keys drop constraint api_keys_integration_type_check`.execute(db);
  await sql`alter table api_keys add constraint api_keys_integration_type_check
    check (integration_type in ('twilio', 'mailchimp', 'smtp', 'google_calendar', 'stripe', 'google_analytics', 'apollo'))`.execute(
    db,
  );
  await moveApolloSetting(db);

  // A blog read counts once per visitor per day (docs/decisions/0199): a mark per day, article
  // and visitor, the visitor a hash of that day's salt, address and browser (no cookie, nothing
  // that links two days). Marks older than yesterday are deleted as new ones come.
  await db.schema
    .createTable('blog_view_marks')
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('blog_view_marks_pkey', ['day', 'slug', 'visitor'])
    .execute();
}

const DOTS = '••••••••';

/** The masked form API Keys shows (src/features/integrations/mask.ts, frozen here). */
function mask(secret: string): string {
  const s = secret.trim();
  if (s.length >= 16) return `${s.slice(0, 4)}${DOTS}${s.slice(-4)}`;
  if (s.length >= 8) return `${DOTS}${s.slice(-2)}`;
  return DOTS;
}

/**
 * The saved setting becomes Apollo's primary key, ciphertext copied as it is (same format). The
 * masked form needs the plaintext: without CONFIG_ENCRYPTION_KEY here it is dots only. A plain
 * value (never saved so by the console) is encrypted when it can be, else left where it was.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function moveApolloSetting(db: Kysely<any>): Promise<void> {
  // One-word column names: the application's CamelCasePlugin renames snake_case ones.
  const found = (
    await sql<{
      value: string;
      encrypted: boolean;
    }>`select setting_value as value, is_encrypted as encrypted from system_settings
      where category = 'marketing' and setting_key = 'apollo_api_key'`.execute(db)
  ).rows[0];
  if (!found || found.value.trim() === '') return;
  const row = { setting_value: found.value, is_encrypted: found.encrypted };
  let encrypted: string;
  let masked = DOTS;
  try {
    if (row.is_encrypted && isEncryptedValue(row.setting_value)) {
      encrypted = row.setting_value;
      masked = mask(decryptSecret(encrypted));
    } else {
      encrypted = encryptSecret(row.setting_value.trim());
      masked = mask(row.setting_value);
    }
  } catch (error) {
    if (!(row.is_encrypted && isEncryptedValue(row.setting_value))) {
      console.warn('apollo_api_key setting left in Settings: it could not be encrypted here', error);
      return;
    }
    encrypted = row.setting_value;
  }
  const taken =
    (await sql<{ n: number }>`select count(*)::int as n from api_keys where integration_type = 'apollo'`.execute(db))
      .rows[0]?.n ?? 0;
  await sql`insert into api_keys (integration_type, key_name, api_key_encrypted, api_key_masked, is_primary, priority, additional_config, status)
    values ('apollo', 'Apollo key (moved from Settings)', ${encrypted}, ${masked}, ${taken === 0}, ${taken + 1}, '{}', 'active')`.execute(
    db,
  );
  await sql`delete from system_settings where category = 'marketing' and setting_key = 'apollo_api_key'`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('blog_view_marks').execute();
  await sql`delete from api_keys where integration_type = 'apollo'`.execute(db);
  await sql`alter table api_keys drop constraint api_keys_integration_type_check`.execute(db);
  await sql`alter table api_keys add constraint api_keys_integration_type_check
    check (integration_type in ('twilio', 'mailchimp', 'smtp', 'google_calendar', 'stripe', 'google_analytics'))`.execute(
    db,
  );
  await db.schema.alterTable('lead_searches').dropColumn('sample').execute();
  await db.schema.dropTable('outbox_attempts').execute();
}
