import { useStore } from '@nanostores/react';
import { PAGING } from '../../contract/paging.ts';
import { pathOf, type OutputOf, type RouteSpec } from '../../contract/routes/route.ts';
import { call } from '../../lib/api-client.ts';
import { $nextCursors, listPathOf } from '../../lib/next-cursor.ts';
import { keyOf, setQueryData } from '../../lib/use-query.ts';
import { MoreButton } from './more-button.tsx';

type Rows<R extends RouteSpec> = OutputOf<R> extends Array<infer T> ? T : never;

/** How a list with path parameters or a query was called. */
export interface ListOptions {
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
}

/** Adds `more` after `current`, each id once (a row may have moved between two pages' reads). */
export function appendPage<T extends { id: string }>(current: T[] | undefined, more: T[]): T[] {
  const seen = new Set((current ?? []).map((r) => r.id));
  return [...(current ?? []), ...more.filter((r) => !seen.has(r.id))];
}

/**
 * The end of a paged list (docs/decisions/0201-cursor-paging.md): loads the next page when it
 * scrolls into view, and is a "Load more" button for keyboards and screen readers. Shows nothing
 * on the last page. The rows go into the list's cache (or to `onMore` for a list kept otherwise).
 */
export function LoadMore<R extends RouteSpec & { method: 'GET' }>({
  route,
  options,
  onMore,
  label = 'Load more',
}: {
  route: R;
  /** The list's path parameters and query (an aircraft's logbook, a search), as it was loaded. */
  options?: ListOptions;
  onMore?: (rows: Array<Rows<R>>) => void;
  label?: string;
}) {
  const path = listPathOf(
    pathOf(route, {
      ...(options?.params ? { params: options.params } : {}),
      ...(options?.query ? { query: options.query } : {}),
    }),
  );
  const cursor = useStore($nextCursors, { keys: [path] })[path] ?? null;
  const more = async () => {
    if (!cursor) return;
    const rows = (await (call as (r: RouteSpec, o: object) => Promise<unknown>)(route, {
      ...options,
      query: { ...options?.query, cursor, limit: PAGING.defaultLimit },
    })) as Array<Rows<R>>;
    if (onMore) onMore(rows);
    else
      setQueryData<Array<Rows<R> & { id: string }>>(
        (keyOf as (r: RouteSpec, o?: object) => string)(route, options),
        (current) => appendPage(current, rows as Array<Rows<R> & { id: string }>),
      );
  };
  return <MoreButton cursor={cursor} onMore={more} label={label} />;
}
