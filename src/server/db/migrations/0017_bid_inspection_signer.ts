import { sql, type Kysely } from 'kysely';

// The bid side of the IA rule, 14 CFR 65.95: a mechanic without an inspection
// authorization who quotes an annual names the IA who signs it. Both parts or neither; the
// number is kept as typed and compared without spaces or dashes. docs/decisions/0140-who-signs-the-annual.md
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('bids')
    .addColumn('inspection_signer_name', 'text')
    .addColumn('inspection_signer_certificate', 'text')
    .execute();
  await sql`alter table bids add constraint bids_inspection_signer_whole
    check ((inspection_signer_name is null) = (inspection_signer_certificate is null))`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bids').dropConstraint('bids_inspection_signer_whole').execute();
  await db.schema
    .alterTable('bids')
    .dropColumn('inspection_signer_name')
    .dropColumn('inspection_signer_certificate')
    .execute();
}
