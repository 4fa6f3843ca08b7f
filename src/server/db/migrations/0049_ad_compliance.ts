import { sql, type Kysely } from 'kysely';

// The records packet states each AD's current status as 14 CFR 91.417(a)(2)(v) asks: its number,
// the revision that applies, and the method of compliance, beside when it was last done and when a
// recurring action is next due (docs/decisions/0398-records-packet.md). The owner enters the two
// new facts on the AD's due item; both stay empty (shown "not recorded") until then.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table maintenance_items
      add column ad_method text check (char_length(ad_method) <= 300),
      add column ad_revision text check (char_length(ad_revision) <= 60)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table maintenance_items drop column ad_method, drop column ad_revision`.execute(db);
}
