import type { z } from 'zod';
import { pathOf, type InputOf, type OutputOf, type ParamNames, type RouteSpec } from '../../src/contract/routes.ts';
import type { FieldError } from '../../src/server/http/errors.ts';
import { call, type ApiResult, type CallOptions } from './api.ts';

/** The `:name` values a route's path needs, by name (none for a path without parameters). */
type ParamsFor<R extends RouteSpec> = [ParamNames<R['path']>] extends [never]
  ? { params?: undefined }
  : { params: Record<ParamNames<R['path']>, string | number> };

/** The body a route takes: its schema's input when it has one; anything for a bad-input test. */
type BodyFor<R extends RouteSpec> = R extends { input: z.ZodType } ? { body?: InputOf<R> } : { body?: undefined };

/** A list's paging (`cursor`, `limit`) is read by the paging layer for every paged route, beside its schema. */
type Paging = { cursor?: string | undefined; limit?: string | number | undefined };

type QueryFor<R extends RouteSpec> = R extends { query: infer S extends z.ZodType }
  ? [keyof z.input<S>] extends [never]
    ? { query?: Record<string, string | number | boolean | undefined> }
    : { query?: { [K in keyof z.input<S>]?: string | number | boolean | undefined } & Paging }
  : { query?: Record<string, string | number | boolean | undefined> };

export type CallRouteOptions<R extends RouteSpec> = ParamsFor<R> &
  BodyFor<R> &
  QueryFor<R> &
  Omit<CallOptions, 'body' | 'token'> & {
    /** Who calls: a test user (its token), a bare token, or nobody (signed out). */
    as?: { token: string } | string | undefined;
    /**
     * A body the route's schema does not accept, sent as is: for the tests of refusals, where the
     * typed `body` would not compile.
     */
    unchecked?: unknown;
  };

/**
 * Calls one route of the table (src/contract/routes.ts) through the real function that serves
 * it: the path is filled from `params`, the body is the route's input type and the answer's body
 * is typed as the route's output (a refusal's `{ detail }` is read through `detailOf`).
 */
export function callRoute<R extends RouteSpec>(
  route: R,
  ...[options]: ParamsFor<R> extends { params: unknown } ? [CallRouteOptions<R>] : [CallRouteOptions<R>?]
): Promise<ApiResult<OutputOf<R>>> {
  const o = (options ?? {}) as CallRouteOptions<RouteSpec> & {
    params?: Record<string, string | number>;
    body?: unknown;
  };
  const { params, body, query, as, unchecked, ...rest } = o;
  const token = typeof as === 'string' ? as : as?.token;
  const sent = unchecked !== undefined ? unchecked : body;
  return call<OutputOf<R>>(route.method, pathOf(route, { params, ...(query ? { query } : {}) }), {
    ...rest,
    ...(sent === undefined ? {} : { body: sent }),
    ...(token ? { token } : {}),
  });
}

/** The `detail` of a refusal (`{ detail }`), whatever the route answers on success. */
export function detailOf(result: ApiResult<unknown>): string | undefined {
  return (result.body as { detail?: string } | null)?.detail;
}

/** The field errors of a 400 (`{ detail, errors: [{ path, message }] }`), whatever the route answers on success. */
export function errorsOf(result: ApiResult<unknown>): FieldError[] {
  return (result.body as { errors?: FieldError[] } | null)?.errors ?? [];
}
