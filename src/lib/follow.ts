import type { OutputOf, RouteSpec } from '../contract/routes.ts';
import { invalidate, keyOf, useQuery, type Query } from './use-query.ts';
import { getWithRetry } from './fetch-retry.ts';

/**
 * How a dashboard follows a write (docs/decisions/0081-screens-follow-writes.md): the write's own
 * answer goes into the list shown at once, and only the lists it touched are read again, in the
 * background, while the new state stays on screen. A slow network then delays the confirmation of
 * the write, never the screen's catching up with it.
 */

/** One list of a dashboard under its route's cache key, so every screen that shows it shares it. */
export function useList<R extends RouteSpec>(route: R, onError?: (err: unknown) => void): Query<OutputOf<R>> {
  return useQuery<OutputOf<R>>(keyOf(route), () => getWithRetry(route), onError ? { onError } : {});
}

/** The list with `item` in place of the one with its id, or first when it is new. */
export function upsert<T extends { id: string }>(list: T[] | undefined, item: T): T[] | undefined {
  if (!list) return list;
  const at = list.findIndex((x) => x.id === item.id);
  if (at === -1) return [item, ...list];
  const next = list.slice();
  next[at] = item;
  return next;
}

/** Puts a write's answer into a list and reads that list again in the background. */
export function follow<T extends { id: string }>(list: Query<T[]>, route: RouteSpec, item: T): void {
  list.setData((current) => upsert(current, item));
  refresh(route);
}

/** Reads a list again in the background (what is shown stays until the answer replaces it). */
export function refresh(route: RouteSpec): void {
  invalidate(keyOf(route));
}
