import { sql, type Kysely } from 'kysely';

// A mechanic's certificate number and inspection authorization are facts an
// administrator verifies, not what the profile form says. The profile keeps what the mechanic
// asks for (ap_number, ia_authorization); the verified values live beside them and only an
// approval copies one over the other. Every IA or certificate check reads the verified columns.
// Mechanics approved before this migration were vetted on their numbers as they stand, so their
// current values are taken as verified. docs/decisions/0180-verified-credentials.md
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('mechanic_profiles')
    .addColumn('verified_ap_number', 'text')
    .addColumn('verified_ia', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('credentials_verified_at', 'timestamptz')
    .execute();
  await sql`update mechanic_profiles p
    set verified_ap_number = p.ap_number, verified_ia = p.ia_authorization, credentials_verified_at = now()
    from users u where u.id = p.user_id and u.mechanic_status = 'approved'`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('mechanic_profiles')
    .dropColumn('verified_ap_number')
    .dropColumn('verified_ia')
    .dropColumn('credentials_verified_at')
    .execute();
}
