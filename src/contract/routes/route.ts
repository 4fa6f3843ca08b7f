import type { z } from '../zod.ts';
import type { Role } from '../roles.ts';

/**
 * What a route of the table is (the table itself is composed in `src/contract/routes.ts` from one
 * file per domain in this folder): its method, its path (as the function's
 * `config.path` declares it), the schema of its body (`input`) and query (`query`), and the type
 * of its answer. The functions answer through `reply(route, body)` (src/server/http/reply.ts), so
 * a handler whose answer does not fit the route's output type fails the typecheck; the browser
 * calls through `call(route, ...)` (src/lib/api-client.ts), whose answer is that same type. A unit
 * test checks that every function's paths are in the table and every route is served.
 *
 * Answers keep the shapes the spec and the API tests define: most admin calls wrap their data in
 * `{ success, data }`, the marketplace answers bare objects and lists.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

declare const OUTPUT: unique symbol;

/**
 * Who may call a route (docs/decisions/0430), checked by `withApi` before the handler runs:
 * `'public'` anyone; `'signedIn'` any signed-in user (401 otherwise); `{ roles }` a signed-in user
 * of one of these roles (403 otherwise); `{ job }` the same for a route that reads or changes a job,
 * which also refuses a mechanic who is not approved. Rules about which record (the owner of this
 * aircraft, the mechanic dispatched to this call) stay in the feature code, read under its lock.
 */
export type Access = 'public' | 'signedIn' | { readonly roles: readonly Role[] } | { readonly job: readonly Role[] };

export interface RouteSpec {
  readonly method: HttpMethod;
  readonly path: `/api/${string}`;
  readonly access: Access;
  /** The JSON (or form) body. */
  readonly input?: z.ZodType;
  /** The query string. */
  readonly query?: z.ZodType;
  /** The body is bytes or a file, not JSON (uploads and downloads). */
  readonly raw?: true;
}

/** A route with its answer type attached (a type only: nothing is stored at run time). */
export type Route<O = unknown, R extends RouteSpec = RouteSpec> = R & { readonly [OUTPUT]?: (answer: O) => O };

/** The answer type of a route. */
export type OutputOf<R> = R extends { readonly [OUTPUT]?: (answer: infer O) => unknown } ? O : never;
/** What a client sends as the body: the schema's input (as typed into a form). */
export type InputOf<R> = R extends { readonly input: infer S extends z.ZodType } ? z.input<S> : never;
/** What the function reads from the body: the schema's output. */
export type ParsedInputOf<R> = R extends { readonly input: infer S extends z.ZodType } ? z.output<S> : never;

/** A `:name` segment's name: `:token.ics` names `token`, its suffix is literal (as `pathOf` reads it). */
type ParamName<S extends string> = S extends `${infer Name}.${string}` ? Name : S;

/** The `:name` segments of a path. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? ParamName<Name> | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? ParamName<Name>
    : never;

/** `{ success, data }`: the admin console's answers. */
export interface Envelope<T> {
  success: true;
  data: T;
}
/** `{ success, message }`: an action that answers a sentence. */
export interface Done {
  success: true;
  message: string;
}

export const route =
  <O>() =>
  <const R extends RouteSpec>(spec: R): Route<O, R> =>
    spec;

/** `route.path` with its `:name` segments filled (each URI-encoded) and the query appended. */
export function pathOf<R extends RouteSpec>(
  route: R,
  options: {
    params?: Record<string, string | number> | undefined;
    query?: Record<string, string | number | boolean | undefined>;
  } = {},
): string {
  const path = route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = options.params?.[name];
    if (value === undefined) throw new Error(`${route.path}: missing ${name}`);
    return encodeURIComponent(String(value));
  });
  const query = Object.entries(options.query ?? {}).filter(([, v]) => v !== undefined);
  return query.length === 0 ? path : `${path}?${new URLSearchParams(query.map(([k, v]) => [k, String(v)])).toString()}`;
}
