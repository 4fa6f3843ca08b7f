import { useCallback, useRef, useState } from 'react';
import type { OutputOf, ParamNames, RouteSpec } from '../contract/routes.ts';
import type { CallOptions } from './api-client.ts';
import { refusalOf } from './refusal.ts';
import { write, type Reread } from './write.ts';

/**
 * The islands' one way to write, beside `useRoute` for reads (docs/decisions/0015, 0081): the
 * pending state, the refusal in the user's words kept for the screen to show where the user acted,
 * the re-read of what a stale refusal says changed elsewhere, and the cache update from the write's
 * own answer. Every write of a screen was this try / catch / finally written again.
 */

export type { Reread } from './write.ts';

export interface WriteOptions<R extends RouteSpec> {
  /** What the user reads when the server gives no reason of its own (a network failure, a 5xx). */
  fallback: string | ((options: CallOptions<R>) => string);
  /** How a failure reads (default `refusalOf`: a 4xx's own reason, else the fallback). */
  reason?: (error: unknown, fallback: string) => string;
  /** The answer is in: put it into the cache (`setData`, `setRouteData`), close, toast. */
  onSuccess?: (data: OutputOf<R>, options: CallOptions<R>) => void;
  /**
   * Refused or failed, after `error` is set: for a screen that also toasts, or maps field errors.
   * `message` is the server's 4xx reason or the fallback.
   */
  onError?: (message: string, error: unknown, options: CallOptions<R>) => void;
  /** Read again in the background once the write succeeded (what it touched beyond its answer). */
  after?: Reread | ((data: OutputOf<R>, options: CallOptions<R>) => Reread);
  /** Read again when the server refuses because the item changed elsewhere (403, 404, 409). */
  stale?: Reread | ((options: CallOptions<R>) => Reread);
}

/** How a write ended: its answer (undefined for a route answering nothing), or the refusal's words. */
export type Sent<R extends RouteSpec> = { ok: true; data: OutputOf<R> } | { ok: false; error: string };

export interface Write<R extends RouteSpec> {
  /**
   * Sends the write and resolves with how it ended (the refusal is also in `error`); never rejects. Writes of one hook may overlap (one per list item):
   * a dialog disables its button while `pending`.
   */
  run: (
    ...args: [ParamNames<R['path']>] extends [never] ? [options?: CallOptions<R>] : [options: CallOptions<R>]
  ) => Promise<Sent<R>>;
  /** A write of this hook is on its way: disable its button, show its spinner. */
  pending: boolean;
  /** The last refusal, in the user's words; null after a success or `clearError`. */
  error: string | null;
  clearError: () => void;
}

export function useWrite<R extends RouteSpec>(route: R, options: WriteOptions<R>): Write<R> {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  // Writes on their way: `pending` stays until the last one answers.
  const inFlight = useRef(0);

  const run = useCallback(
    async (callOptions?: CallOptions<R>): Promise<Sent<R>> => {
      inFlight.current += 1;
      const o = optionsRef.current;
      const given = (callOptions ?? {}) as CallOptions<R>;
      setPending(true);
      setError(null);
      try {
        const { onSuccess, after, stale } = o;
        const data = await write(route, given, {
          ...(onSuccess ? { onSuccess: (answer: OutputOf<R>) => onSuccess(answer, given) } : {}),
          ...(after
            ? { after: typeof after === 'function' ? (answer: OutputOf<R>) => after(answer, given) : after }
            : {}),
          ...(stale ? { stale: typeof stale === 'function' ? stale(given) : stale } : {}),
        });
        return { ok: true, data };
      } catch (err) {
        const message = (o.reason ?? refusalOf)(err, typeof o.fallback === 'function' ? o.fallback(given) : o.fallback);
        setError(message);
        o.onError?.(message, err, given);
        return { ok: false, error: message };
      } finally {
        inFlight.current -= 1;
        if (inFlight.current === 0) setPending(false);
      }
    },
    [route],
  ) as Write<R>['run'];

  const clearError = useCallback(() => setError(null), []);
  return { run, pending, error, clearError };
}
