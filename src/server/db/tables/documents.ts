// The tables of this domain, as Kysely sees them (camelCase). Filled in with its migration.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DocumentsMessagingTables {}
