import { sql, type Kysely } from 'kysely';

/**
 * The admin console: API keys of the integrations, system settings, the referral program, email
 * templates, and the marketing leads found by lead searches.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('integration_type', 'text', (c) =>
      c
        .notNull()
        .check(sql`integration_type in ('twilio', 'mailchimp', 'google_calendar', 'stripe', 'google_analytics')`),
    )
    .addColumn('key_name', 'text', (c) => c.notNull())
    .addColumn('api_key_encrypted', 'text', (c) => c.notNull())
    .addColumn('api_key_masked', 'text', (c) => c.notNull())
    .addColumn('api_secret_encrypted', 'text')
    .addColumn('is_primary', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('priority', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`priority >= 1`),
    )
    .addColumn('daily_limit', 'integer', (c) => c.check(sql`daily_limit is null or daily_limit >= 1`))
    .addColumn('monthly_limit', 'integer', (c) => c.check(sql`monthly_limit is null or monthly_limit >= 1`))
    .addColumn('additional_config', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active', 'inactive', 'expired')`),
    )
    .addColumn('usage_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('last_rotated_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('last_tested_at', 'timestamptz')
    .addColumn('last_test_ok', 'boolean')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // additional_config is JSON kept as text: the CamelCasePlugin would rename the keys of a jsonb
  // value on read (client_id -> clientId), and providers need them exactly as written.
  // One primary key per integration, enforced by the database, and only an active key is primary.
  await sql`create unique index api_keys_one_primary_uidx on api_keys (integration_type) where is_primary`.execute(db);
  await sql`alter table api_keys add constraint api_keys_primary_is_active check (not is_primary or status = 'active')`.execute(
    db,
  );
  await db.schema
    .createIndex('api_keys_integration_idx')
    .on('api_keys')
    .columns(['integration_type', 'priority', 'created_at'])
    .execute();

  await db.schema
    .createTable('system_settings')
    .addColumn('category', 'text', (c) =>
      c.notNull().check(sql`category in ('payment', 'marketing', 'security', 'general')`),
    )
    .addColumn('setting_key', 'text', (c) => c.notNull())
    .addColumn('setting_value', 'text', (c) => c.notNull())
    .addColumn('data_type', 'text', (c) => c.notNull().check(sql`data_type in ('string', 'number', 'boolean', 'json')`))
    .addColumn('description', 'text')
    .addColumn('is_encrypted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('system_settings_pk', ['category', 'setting_key'])
    .execute();

  await db.schema
    .createTable('referral_program')
    .addColumn('id', 'integer', (c) =>
      c
        .primaryKey()
        .defaultTo(1)
        .check(sql`id = 1`),
    )
    .addColumn('reward_amount', 'numeric(12, 2)', (c) => c.notNull().check(sql`reward_amount >= 0`))
    .addColumn('min_booking_amount', 'numeric(12, 2)', (c) => c.notNull().check(sql`min_booking_amount >= 0`))
    .addColumn('share_message', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('email_templates')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('subject_line', 'text', (c) => c.notNull())
    .addColumn('html_content', 'text', (c) => c.notNull())
    .addColumn('campaign_type', 'text', (c) =>
      c
        .notNull()
        .check(sql`campaign_type in ('welcome_series', 'abandoned_quote', 'follow_up', 'promotional', 'newsletter')`),
    )
    .addColumn('delay_minutes', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`delay_minutes >= 0`),
    )
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sends', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('opens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('clicks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('conversions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('lead_searches')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('keywords', sql`text[]`, (c) => c.notNull())
    .addColumn('states', sql`text[]`, (c) => c.notNull())
    .addColumn('roles', sql`text[]`, (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('results_count', 'integer', (c) => c.notNull())
    .addColumn('saved_count', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('marketing_leads')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('company_name', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('linkedin_url', 'text')
    .addColumn('lead_type', 'text', (c) => c.notNull().check(sql`lead_type in ('pilot', 'mechanic', 'general')`))
    .addColumn('lead_score', 'integer', (c) => c.notNull().check(sql`lead_score between 0 and 100`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('apollo'))
    .addColumn('external_id', 'text')
    .addColumn('search_id', 'uuid', (c) => c.references('lead_searches.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // No duplicates: the same email (any case) or the same LinkedIn profile is one lead.
  await sql`create unique index marketing_leads_email_uidx on marketing_leads (lower(email)) where email is not null`.execute(
    db,
  );
  await sql`create unique index marketing_leads_linkedin_uidx on marketing_leads (lower(linkedin_url)) where linkedin_url is not null`.execute(
    db,
  );
  await db.schema.createIndex('marketing_leads_created_at_idx').on('marketing_leads').column('created_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'marketing_leads',
    'lead_searches',
    'email_templates',
    'referral_program',
    'system_settings',
    'api_keys',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
