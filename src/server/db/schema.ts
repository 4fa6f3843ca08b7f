import type { FoundationTables } from './tables/foundation.ts';

/** The whole database, as Kysely sees it (camelCase here, snake_case in Postgres). */
export interface Database extends FoundationTables {}
