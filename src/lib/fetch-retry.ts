import type { OutputOf, RouteSpec } from '../contract/routes.ts';
import { ApiError, call, type CallOptions } from './api-client.ts';

/**
 * A GET that tries once more after a network failure or a 5xx: a cold function (first call after a
 * deploy, or while the local emulator bundles it) can fail once and answer the next call. A 4xx is
 * an answer and is never retried.
 */
export async function getWithRetry<R extends RouteSpec>(
  route: R,
  options?: CallOptions<R>,
  delayMs = 600,
): Promise<OutputOf<R>> {
  const once = () => (call as (r: R, o?: CallOptions<R>) => Promise<OutputOf<R>>)(route, options);
  try {
    return await once();
  } catch (err) {
    if (!(err instanceof ApiError) || (err.status !== 0 && err.status < 500)) throw err;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return once();
  }
}
