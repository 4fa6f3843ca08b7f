import type { Kysely } from 'kysely';

// Reserved for this domain's tables; filled in by the feature that needs them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(_db: Kysely<any>): Promise<void> {}
