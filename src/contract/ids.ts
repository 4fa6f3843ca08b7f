const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Ids are uuids. Checked before one reaches a uuid column: Postgres throws on malformed uuid text,
 * and a malformed id can name nothing, so callers answer 404 (or 400) instead of a 500.
 */
export function isUuid(value: string | null | undefined): value is string {
  return typeof value === 'string' && UUID.test(value);
}
