import { map } from 'nanostores';
import { PAGING } from '../contract/paging.ts';

/**
 * The next page's cursor of each list the dashboards loaded (docs/decisions/0201-cursor-paging.md),
 * by the list's path: the API answers the spec's arrays and puts the cursor in X-Next-Cursor,
 * which the API client records here for "Load more". No entry (or null): no further page.
 */
export const $nextCursors = map<Record<string, string | null>>({});

/** The key of a list: its path without the query (every page of a list shares it). */
export const listPathOf = (path: string): string => path.split('?')[0] ?? path;

/** Called by the API client with each successful GET's headers. */
export function rememberNextCursor(path: string, headers: Headers): void {
  const key = listPathOf(path);
  const next = headers.get(PAGING.nextCursorHeader);
  if (next !== null || key in $nextCursors.get()) $nextCursors.setKey(key, next);
}
