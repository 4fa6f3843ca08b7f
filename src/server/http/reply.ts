import type { OutputOf, RouteSpec } from '../../contract/routes.ts';
import { json } from './json.ts';

declare const REPLY: unique symbol;

/**
 * A handler's answer, made only by `reply()`: the body is checked against the route's output type
 * (src/contract/routes.ts) at compile time, so a function cannot answer a shape its route does not
 * declare.
 */
export interface Reply {
  readonly [REPLY]: true;
  readonly response: Response;
  /** The route answered, which withApi checks is the one being served. */
  readonly route: RouteSpec;
}

/** Answers `body` as JSON for `route` (200 unless `status` says otherwise). */
export function reply<R extends RouteSpec>(
  route: R,
  body: OutputOf<R>,
  init: { status?: number; headers?: Record<string, string> } = {},
): Reply {
  return { response: json(body, init.status ?? 200, init.headers ?? {}), route } as unknown as Reply;
}

/** Answers a prepared response (a file download, a 503 health answer) for a route declared `raw` or for a status the JSON helpers do not cover. */
export function replyWith<R extends RouteSpec>(route: R, response: Response): Reply {
  return { response, route } as unknown as Reply;
}
