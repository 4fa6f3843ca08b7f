import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { pathOf, type OutputOf, type RouteSpec } from '../contract/routes/route.ts';
import { call, type CallOptions } from './api-client.ts';
import { $token } from './session.ts';

/**
 * The islands' one way to load data: a small cache keyed by call, shown at once when a screen comes
 * back and revalidated in the background; one request at a time per key; and `setData` so a
 * write can put its answer into the cache immediately (a screen follows the write without loading
 * everything again). Hand-written rather than a query library: it is ~150 lines, where the library
 * would add its own weight to every dashboard (docs/decisions/0015-one-data-hook.md).
 */

export type QueryState<T> =
  | { status: 'loading'; data: undefined; error: undefined }
  | { status: 'error'; data: undefined; error: unknown }
  | { status: 'ready'; data: T; error: undefined };

interface Entry {
  state: QueryState<unknown>;
  /** A background reload is running (the data shown is the previous answer). */
  revalidating: boolean;
  promise: Promise<unknown> | null;
  controller: AbortController | null;
  listeners: Set<() => void>;
  /** Bumped by every write, so an answer started before it does not overwrite it. */
  version: number;
  /** How the key loads (the last screen's), for `invalidate`. */
  load?: (signal: AbortSignal) => Promise<unknown>;
}

const LOADING: QueryState<never> = { status: 'loading', data: undefined, error: undefined };
const cache = new Map<string, Entry>();

function entryOf(key: string): Entry {
  let entry = cache.get(key);
  if (!entry) {
    entry = { state: LOADING, revalidating: false, promise: null, controller: null, listeners: new Set(), version: 0 };
    cache.set(key, entry);
  }
  return entry;
}

function publish(entry: Entry, state: QueryState<unknown>, revalidating = entry.revalidating) {
  entry.state = state;
  entry.revalidating = revalidating;
  for (const listener of entry.listeners) listener();
}

// Another account (or none) means none of the cached answers are this user's: forget them all.
$token.listen(() => {
  for (const [key, entry] of cache) {
    entry.controller?.abort();
    entry.promise = null;
    entry.version += 1;
    if (entry.listeners.size === 0) cache.delete(key);
    else publish(entry, LOADING, false);
  }
});

/** Loads `key` (once at a time): the answer replaces the cached data, an error keeps shown data. */
function fetchInto<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Promise<unknown> {
  const entry = entryOf(key);
  if (entry.promise) return entry.promise;
  const controller = new AbortController();
  const version = entry.version;
  entry.controller = controller;
  // A retry after an error shows loading again; a reload of shown data keeps it on screen.
  publish(entry, entry.state.status === 'error' ? LOADING : entry.state, entry.state.status === 'ready');
  entry.promise = load(controller.signal)
    .then(
      (data) => {
        // An aborted read (replaced by a reload, or from the previous account) answers nothing,
        // even when its load did not pass the signal on and finished anyway.
        if (controller.signal.aborted) return;
        if (entry.version === version) publish(entry, { status: 'ready', data, error: undefined }, false);
        else publish(entry, entry.state, false);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // A failed background reload keeps the data on screen; only a first load shows the error.
        if (entry.state.status === 'ready') publish(entry, entry.state, false);
        else publish(entry, { status: 'error', data: undefined, error }, false);
        throw error;
      },
    )
    .finally(() => {
      // Only this read's own handles: after an abort, the entry already holds the read replacing it.
      if (entry.controller !== controller) return;
      entry.promise = null;
      entry.controller = null;
    });
  entry.promise.catch(() => undefined);
  return entry.promise;
}

/**
 * Loads `key` again from now: a read already in flight may have started before the write that asks
 * for this one, so it is aborted and its answer never shows (a screen's reload after a write).
 */
function refetchInto<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Promise<unknown> {
  const entry = entryOf(key);
  entry.controller?.abort();
  entry.promise = null;
  entry.controller = null;
  return fetchInto(key, load);
}

/** Puts data into the cache for `key` (a write's answer, or an edit of the list shown). */
export function setQueryData<T>(key: string, update: T | ((current: T | undefined) => T | undefined)): void {
  const entry = entryOf(key);
  const current = entry.state.status === 'ready' ? (entry.state.data as T) : undefined;
  const data = typeof update === 'function' ? (update as (c: T | undefined) => T | undefined)(current) : update;
  if (data === undefined) return; // the updater had nothing to change
  entry.version += 1;
  publish(entry, { status: 'ready', data, error: undefined });
}

/** Reloads every cached call whose key starts with `prefix` that a screen is showing. */
export function invalidate(prefix: string): void {
  for (const [key, entry] of cache) {
    if (!key.startsWith(prefix)) continue;
    entry.controller?.abort();
    entry.promise = null;
    if (entry.listeners.size > 0 && entry.load) void fetchInto(key, entry.load);
  }
}

export interface QueryOptions {
  /** Load only when true (e.g. once a dependency is known). */
  enabled?: boolean;
  /** Called with a load's error (e.g. a 401 that ends the session). */
  onError?: (error: unknown) => void;
  /** While a new key loads (the next page, a new search), keep showing the last answer. */
  keepPrevious?: boolean;
}

export interface Query<T> {
  state: QueryState<T>;
  /** The data, while ready. */
  data: T | undefined;
  /** A background reload is running while the previous answer is shown. */
  revalidating: boolean;
  /** Loads again from now (a read in flight is dropped), keeping the data shown; resolves when the answer is in. */
  reload: () => Promise<void>;
  /** Puts a new value (or an edit of the current one) in the cache, for every screen showing it. */
  setData: (update: T | ((current: T | undefined) => T | undefined)) => void;
}

/**
 * Loads `load()` under `key` and keeps it: a screen that mounts again shows the cached answer at
 * once and revalidates it in the background. `key` null loads nothing.
 */
export function useQuery<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  options: QueryOptions = {},
): Query<T> {
  const enabled = key !== null && options.enabled !== false;
  const k = key ?? '';
  const loadRef = useRef(load);
  loadRef.current = load;
  const onErrorRef = useRef(options.onError);
  onErrorRef.current = options.onError;

  const subscribe = useCallback(
    (listener: () => void) => {
      const entry = entryOf(k);
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    [k],
  );
  const snapshot = useCallback(() => entryOf(k).state, [k]);
  const current = useSyncExternalStore(subscribe, snapshot, snapshot) as QueryState<T>;
  const lastReady = useRef<QueryState<T> | null>(null);
  if (current.status === 'ready') lastReady.current = current;
  const state = current.status === 'loading' && options.keepPrevious && lastReady.current ? lastReady.current : current;
  const revalidating = useSyncExternalStore(
    subscribe,
    () => entryOf(k).revalidating,
    () => false,
  );

  // A screen showing the key joins the read in flight; a reload (after a write) starts a new one.
  const read = useCallback(
    (fresh: boolean) => {
      const entry = entryOf(k);
      entry.load = (signal) => loadRef.current(signal);
      return (fresh ? refetchInto : fetchInto)(k, entry.load).then(
        () => undefined,
        (error: unknown) => onErrorRef.current?.(error),
      );
    },
    [k],
  );
  const reload = useCallback(() => read(true), [read]);

  useEffect(() => {
    if (enabled) void read(false);
  }, [enabled, read]);

  const setData = useCallback(
    (update: T | ((current: T | undefined) => T | undefined)) => setQueryData<T>(k, update),
    [k],
  );
  return { state, data: state.status === 'ready' ? state.data : undefined, revalidating, reload, setData };
}

/** The cache key of one call of a route: its method and full path with query. */
export function keyOf<R extends RouteSpec>(route: R, options?: CallOptions<R>): string {
  const o = (options ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, string | number | boolean | undefined>;
  };
  return `${route.method} ${pathOf(route, o)}`;
}

/** `useQuery` for one route of the table: the key and the answer type come from the route. */
export function useRoute<R extends RouteSpec>(
  route: R,
  options?: CallOptions<R> | null,
  queryOptions?: QueryOptions,
): Query<OutputOf<R>> {
  const key = options === null ? null : keyOf(route, options);
  return useQuery<OutputOf<R>>(key, loaderOf(route, options ?? undefined), queryOptions);
}

/** How one call of a route is read: the API client's call with the cache's abort signal. */
function loaderOf<R extends RouteSpec>(route: R, options: CallOptions<R> | undefined) {
  return (signal: AbortSignal) =>
    (call as (r: R, o: CallOptions<R>) => Promise<OutputOf<R>>)(route, {
      ...(options ?? {}),
      signal,
    } as CallOptions<R>);
}

/**
 * Loads one call of a route into the cache before a screen asks for it (a prefetch): nothing when
 * the cache holds its answer already, the read in flight when there is one.
 */
export function prefetchRoute<R extends RouteSpec>(route: R, options?: CallOptions<R>): Promise<unknown> {
  const key = keyOf(route, options);
  if (entryOf(key).state.status === 'ready') return Promise.resolve();
  return fetchInto(key, loaderOf(route, options));
}

/** Puts data into the cache of one call of a route (a write's answer). */
export function setRouteData<R extends RouteSpec>(
  route: R,
  options: CallOptions<R> | undefined,
  update: OutputOf<R> | ((current: OutputOf<R> | undefined) => OutputOf<R> | undefined),
): void {
  setQueryData(keyOf(route, options), update);
}

// The cache outside React: what the hooks above are built on, for a prefetch and for the tests of
// its races (tests/unit/use-query-cache.test.ts).

/** Loads `key` into the cache, joining the request in flight for it if there is one. */
export const fetchQuery: <T>(key: string, load: (signal: AbortSignal) => Promise<T>) => Promise<unknown> = fetchInto;

/** Loads `key` again, dropping the read in flight: what a screen's reload after a write does. */
export const refetchQuery: <T>(key: string, load: (signal: AbortSignal) => Promise<T>) => Promise<unknown> =
  refetchInto;

/** What the cache holds for `key` now, and whether a background reload is running. */
export function queryState(key: string): QueryState<unknown> & { revalidating: boolean } {
  const entry = entryOf(key);
  return { ...entry.state, revalidating: entry.revalidating };
}

/** Calls `listener` on every change of `key`; a key somebody listens to survives a change of account. */
export function subscribeQuery(key: string, listener: () => void): () => void {
  const entry = entryOf(key);
  entry.listeners.add(listener);
  return () => entry.listeners.delete(listener);
}
