import { pathOf, type InputOf, type OutputOf, type ParamNames, type RouteSpec } from '../contract/routes/route.ts';
import { $token } from './session.ts';
import { rememberNextCursor } from './next-cursor.ts';
import { tracked } from './reads-in-flight.ts';

/** A failed API call: `status` (0 when the network failed) and the server's `detail`, if any. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string | undefined;
  /** The field problems of a 400 (`errors`), when the server sent them. */
  readonly errors: Array<{ path: string; message: string }> | undefined;
  /** The whole refusal as sent: what a 409 says beside `detail` (e.g. what changed since a review). */
  readonly body: Record<string, unknown> | undefined;
  constructor(
    status: number,
    detail: string | undefined,
    message: string,
    errors?: Array<{ path: string; message: string }>,
    body?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.errors = errors;
    this.body = body;
  }
}

export interface ApiOptions {
  method?: string;
  /** JSON-encoded unless it is FormData. */
  body?: unknown;
  /** Send the stored bearer token (default true). */
  auth?: boolean;
  signal?: AbortSignal;
}

/**
 * Calls `path` on this site. 200-299 resolve with the parsed JSON; anything else rejects
 * with an ApiError carrying the server's `detail`. No timeout by default (docs/product.md §9).
 */
async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const token = options.auth === false ? undefined : $token.get();
  if (token) headers['Authorization'] = `Bearer ${token}`;
  let res: Response;
  try {
    res = await tracked(() =>
      fetch(path, {
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        headers,
        ...(body === undefined ? {} : { body }),
        ...(options.signal ? { signal: options.signal } : {}),
      }),
    );
  } catch (error) {
    throw new ApiError(0, undefined, error instanceof Error ? error.message : 'Network error');
  }
  const text = await res.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  if (res.ok && (options.method ?? 'GET') === 'GET') rememberNextCursor(path, res.headers);
  if (!res.ok) {
    const detail =
      typeof (data as { detail?: unknown })?.detail === 'string' ? (data as { detail: string }).detail : undefined;
    const errors = Array.isArray((data as { errors?: unknown })?.errors)
      ? (data as { errors: Array<{ path: string; message: string }> }).errors
      : undefined;
    const body = data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : undefined;
    throw new ApiError(res.status, detail, detail ?? `Request failed with status ${res.status}`, errors, body);
  }
  return data as T;
}

type Params<R extends RouteSpec> = [ParamNames<R['path']>] extends [never]
  ? { params?: undefined }
  : { params: Record<ParamNames<R['path']>, string | number> };

/** How to call one route: its path parameters, query, body and the usual options. */
export type CallOptions<R extends RouteSpec> = Params<R> & {
  query?: Record<string, string | number | boolean | undefined>;
  /** The route's input as a form holds it, or FormData for multipart routes. */
  body?: ([InputOf<R>] extends [never] ? Record<string, never> : InputOf<R>) | FormData;
  auth?: boolean;
  signal?: AbortSignal;
};

/**
 * Calls one route of the table (src/contract/routes.ts) and answers its declared output type: the
 * browser's only way to reach the API, so a renamed field or path fails the typecheck, not a user.
 */
export function call<R extends RouteSpec>(
  route: R,
  ...[options]: [ParamNames<R['path']>] extends [never] ? [options?: CallOptions<R>] : [options: CallOptions<R>]
): Promise<OutputOf<R>> {
  const o = (options ?? {}) as CallOptions<R>;
  return api<OutputOf<R>>(pathOf(route, o as { params?: Record<string, string | number> }), {
    method: route.method,
    ...(o.body !== undefined ? { body: o.body } : {}),
    ...(o.auth !== undefined ? { auth: o.auth } : {}),
    ...(o.signal ? { signal: o.signal } : {}),
  });
}
