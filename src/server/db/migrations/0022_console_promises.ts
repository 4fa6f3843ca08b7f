import { sql, type Kysely } from 'kysely';

// "the console and the site keep every promise they make":
// - a quote keeps what its savings estimate compared (did the invoice include parts) and the
//   dollars it promised, so the form, the email and the console show one figure
//   (docs/decisions/0191-honest-savings-estimate.md);
// - a quote keeps the popup's discount code it was requested with, and the lead that got it
//   (docs/decisions/0192-discount-code-on-quotes.md);
// - business_hours becomes the week the site and its LocalBusiness data show: the old free text
//   is replaced by the default week, which the administrator then sets in the week grid
//   (docs/decisions/0190-settings-catalog.md).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('quotes')
    .addColumn('invoice_includes_parts', 'text', (c) => c.check(sql`invoice_includes_parts in ('yes', 'no', 'unsure')`))
    .addColumn('estimated_savings_dollars', 'numeric(12, 2)')
    .addColumn('discount_code', 'text')
    .addColumn('discount_lead_id', 'uuid', (c) => c.references('leads.id').onDelete('set null'))
    .execute();
  // Where a reply to the message goes (the business's reply address, or the customer on the
  // business's own copy of a quote): docs/decisions/0193-reply-addresses.md.
  await db.schema.alterTable('outbox').addColumn('reply_to', 'text').execute();
  await db.schema.createIndex('quotes_discount_lead_idx').on('quotes').column('discount_lead_id').execute();
  await sql`update system_settings
    set setting_value = ${JSON.stringify(DEFAULT_WEEK)}, data_type = 'json', updated_at = now()
    where category = 'general' and setting_key = 'business_hours' and left(btrim(setting_value), 1) <> '{'`.execute(db);
}

const weekday = { open: '07:00', close: '18:00' };
/** The default of src/contract/business-hours.ts, frozen here as a migration must be. */
const DEFAULT_WEEK = { mon: weekday, tue: weekday, wed: weekday, thu: weekday, fri: weekday, sat: null, sun: null };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('reply_to').execute();
  await db.schema
    .alterTable('quotes')
    .dropColumn('invoice_includes_parts')
    .dropColumn('estimated_savings_dollars')
    .dropColumn('discount_code')
    .dropColumn('discount_lead_id')
    .execute();
}
