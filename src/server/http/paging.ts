import { sql, type RawBuilder } from 'kysely';
import { PAGING } from '../../contract/paging.ts';
import { badRequest } from './errors.ts';

/**
 * Cursor paging for every list that grows (docs/decisions/0201-cursor-paging.md): `?cursor=&limit=`
 * (default 20, at most 100). A page is the rows after the last one seen in the list's own order,
 * compared as a row value `(created_at, id) < (..., ...)` that its index answers as a range: a
 * page costs the same at row 20 and at row 20,000, and rows added meanwhile neither repeat nor
 * hide one (an offset would shift under them). The cursor is that last row's key, as PostgreSQL
 * prints it (microseconds kept: a JavaScript Date would cut them and skip rows), in base64url JSON.
 */
export interface PageRequest {
  limit: number;
  /** The key of the last row already seen, in the order of the list's key columns; null for the first page. */
  after: string[] | null;
}

/** A page of a list as a function answers it. */
export interface Paged<T> {
  rows: T[];
  nextCursor: string | null;
}

/** One column of a list's order and the type its cursor value is read back as. */
export interface KeyColumn {
  ref: string;
  type: 'timestamptz' | 'uuid' | 'date' | 'text' | 'numeric';
}

const CHECKS: Record<KeyColumn['type'], RegExp> = {
  timestamptz: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  date: /^\d{4}-\d{2}-\d{2}$/,
  text: /^[^\0]{0,200}$/,
  numeric: /^-?\d{1,12}(\.\d{1,6})?$/,
};

export const INVALID_CURSOR =
  'cursor is not valid: use the nextCursor of the previous page, or none for the first page';
const invalidCursor = () => badRequest(INVALID_CURSOR);

/** Reads `?cursor=&limit=`; a limit above the maximum is served at the maximum, like notifications. */
export function readPage(
  url: URL,
  keys: readonly KeyColumn[],
  defaultLimit: number = PAGING.defaultLimit,
): PageRequest {
  const rawLimit = url.searchParams.get('limit');
  let limit = defaultLimit;
  if (rawLimit !== null && rawLimit !== '') {
    const n = Number(rawLimit);
    if (!Number.isInteger(n) || n < 1) throw badRequest('limit must be a whole number of at least 1');
    limit = Math.min(n, PAGING.maxLimit);
  }
  const cursor = url.searchParams.get('cursor');
  if (cursor === null || cursor === '') return { limit, after: null };
  return { limit, after: cursorKey(cursor, keys) };
}

/** The key a cursor carries, checked against the list's key columns (400 when it is not one of its cursors). */
export function cursorKey(cursor: string, keys: readonly KeyColumn[]): string[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(values) || values.length !== keys.length) throw invalidCursor();
  return values.map((v, i) => {
    if (typeof v !== 'string' || !CHECKS[keys[i]!.type].test(v)) throw invalidCursor();
    return v;
  });
}

/** The condition "after the cursor" in the list's order (every key column in one direction). */
export function afterKey(
  keys: readonly KeyColumn[],
  after: readonly string[],
  direction: 'asc' | 'desc',
): RawBuilder<boolean> {
  const columns = sql.join(keys.map((k) => sql.ref(k.ref)));
  const values = sql.join(keys.map((k, i) => sql`cast(${after[i]} as ${sql.raw(k.type)})`));
  return sql<boolean>`(${columns}) ${sql.raw(direction === 'desc' ? '<' : '>')} (${values})`;
}

/**
 * Selects a row's key as text (`pageKey`), to make the next cursor from. A list read in parts (the
 * appointments' open jobs, then the finished ones) puts its part's name first (`part`).
 */
export function keyOf(keys: readonly KeyColumn[], part?: string): RawBuilder<string> {
  const columns = keys.map((k) => sql`${sql.ref(k.ref)}::text`);
  return sql<string>`json_build_array(${sql.join(part === undefined ? columns : [sql`${sql.lit(part)}::text`, ...columns])})::text`;
}

/**
 * Splits the `limit + 1` rows a list query fetched into the page and the cursor of the next one
 * (null when this is the last page).
 */
export function cut<T extends { pageKey: string }>(rows: T[], limit: number): { rows: T[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const page = rows.slice(0, limit);
  return { rows: page, nextCursor: Buffer.from(page[page.length - 1]!.pageKey, 'utf8').toString('base64url') };
}

/**
 * The longest query string a request may carry (docs/decisions/0343-bounded-query-strings.md):
 * a list echoes its query into `Link`, and a 10 KB query made a 20 KB header that Node's own
 * fetch refuses to read (it stops at 16 KB of headers). Longer answers 414 before any handler.
 * 4,096: the longest query the product itself sends is a payments batch of a full page of ids
 * (`?ids=` and 100 UUIDs with their commas, 3,705 characters).
 */
export const MAX_QUERY_CHARS = 4_096;
/** The longest `Link` a list sends; a longer one (a query that grows when re-encoded) is left out. */
export const MAX_LINK_CHARS = 8_192;

/**
 * For a list the spec answers as a bare array: the next page's cursor travels in `X-Next-Cursor`
 * and as an RFC 8288 `Link: <...>; rel="next"` (no header on the last page).
 */
export function pageHeaders(url: URL, nextCursor: string | null): Record<string, string> {
  if (!nextCursor) return {};
  const next = new URL(url.pathname + url.search, 'http://x');
  next.searchParams.set('cursor', nextCursor);
  const link = `<${next.pathname}${next.search}>; rel="next"`;
  return { 'X-Next-Cursor': nextCursor, ...(link.length <= MAX_LINK_CHARS ? { Link: link } : {}) };
}
