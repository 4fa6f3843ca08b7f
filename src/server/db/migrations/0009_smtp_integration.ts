import { sql, type Kysely } from 'kysely';

// SMTP joins the integrations an API key may belong to (docs/decisions/0072-smtp-email.md).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table api_keys drop constraint api_keys_integration_type_check`.execute(db);
  await sql`alter table api_keys add constraint api_keys_integration_type_check
    check (integration_type in ('twilio', 'mailchimp', 'smtp', 'google_calendar', 'stripe', 'google_analytics'))`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from api_keys where integration_type = 'smtp'`.execute(db);
  await sql`alter table api_keys drop constraint api_keys_integration_type_check`.execute(db);
  await sql`alter table api_keys add constraint api_keys_integration_type_check
    check (integration_type in ('twilio', 'mailchimp', 'google_calendar', 'stripe', 'google_analytics'))`.execute(db);
}
