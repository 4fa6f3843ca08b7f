import type { OutputOf, RouteSpec } from '../contract/routes.ts';
import { call, type CallOptions } from './api-client.ts';
import { isStale } from './refusal.ts';
import { invalidate, keyOf } from './use-query.ts';

/** Cached calls to read again: a route (its call without parameters) or a key (prefix) of the cache. */
export type Reread = ReadonlyArray<RouteSpec | string>;

/** What a write does to the islands' cache around its call. */
export interface WriteEffects<R extends RouteSpec> {
  /** The answer is in: put it where the screens read it (before `after` reads anything again). */
  onSuccess?: (data: OutputOf<R>) => void;
  /** Read again in the background once the write succeeded (what it touched beyond its answer). */
  after?: Reread | ((data: OutputOf<R>) => Reread);
  /** Read again when the server refuses because the item changed elsewhere (403, 404, 409). */
  stale?: Reread;
}

function reread(list: Reread): void {
  for (const item of list) invalidate(typeof item === 'string' ? item : keyOf(item));
}

/**
 * One write of the route table with its cache effects, resolving with the answer and rejecting as
 * `call` does. `useWrite` sends every island write through it and adds the screen's side (pending,
 * the refusal in the user's words). Code that writes outside a component uses it directly: a
 * protocol of several requests with its own progress and retries (the uploads), or a store several
 * islands share (the conversation list); it words its refusals where the user acted.
 */
export async function write<R extends RouteSpec>(
  route: R,
  options: CallOptions<R>,
  effects: WriteEffects<R> = {},
): Promise<OutputOf<R>> {
  try {
    const data = await (call as (r: R, o: CallOptions<R>) => Promise<OutputOf<R>>)(route, options);
    effects.onSuccess?.(data);
    const { after } = effects;
    if (after) reread(typeof after === 'function' ? after(data) : after);
    return data;
  } catch (err) {
    if (effects.stale && isStale(err)) reread(effects.stale);
    throw err;
  }
}
