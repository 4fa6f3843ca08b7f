import { map } from 'nanostores';
import { PAGING } from '../contract/paging.ts';

/**
 * The next page's cursor of each list the dashboards loaded (docs/decisions/0201-cursor-paging.md),
 * by the list's path: the API answers the spec's arrays and puts the cursor in X-Next-Cursor,
 * which the API client records here for "Load more". No entry (or null): no further page.
 */
export const $nextCursors = map<Record<string, string | null>>({});

/**
 * The key of a list: its path without the query (every page of a list shares it), except a search
 * (`q`): a search's pages are a list of their own beside the whole list's.
 */
export const listPathOf = (path: string): string => {
  const [base = path, query = ''] = path.split('?');
  const q = new URLSearchParams(query).get('q');
  return q ? `${base}?q=${encodeURIComponent(q)}` : base;
};

/** Called by the API client with each successful GET's headers. */
export function rememberNextCursor(path: string, headers: Headers): void {
  const key = listPathOf(path);
  const next = headers.get(PAGING.nextCursorHeader);
  if (next !== null || key in $nextCursors.get()) $nextCursors.setKey(key, next);
}
