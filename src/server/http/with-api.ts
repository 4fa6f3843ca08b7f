import type { z } from 'zod';
import type { ParsedInputOf, RouteSpec } from '../../contract/routes.ts';
import { authorise, type Session } from '../auth/guards.server.ts';
import { openDb, type Db } from '../db/client.ts';
import { DATABASE_RETRY_AFTER_SECONDS, describeDatabaseError, isDatabaseUnavailable } from '../db/unavailable.ts';
import { startAfterAnswer, type AfterAnswerTask } from './after-answer.ts';
import { DEFAULT_MAX_BODY_BYTES, OversizedBody, readJson } from './body.ts';
import { clientAddressKey } from './client-ip.ts';
import { HttpError, badRequest, type FieldError } from './errors.ts';
import { json } from './json.ts';
import { MAX_QUERY_CHARS } from './paging.ts';
import type { Reply } from './reply.ts';
import { chooseRoute, type ParamsOf } from './route-match.ts';
import { withSecurityHeaders } from './security-headers.ts';

/** The part of Netlify's function context this product reads; tests pass just these. */
export interface FunctionContext {
  params?: Record<string, string>;
  ip?: string;
  requestId?: string;
  /** Netlify keeps the function running until this promise settles (work after the answer). */
  waitUntil?: (promise: Promise<unknown>) => void;
}

export interface ApiContext {
  req: Request;
  db: Db;
  params: Record<string, string>;
  url: URL;
  ip: string;
  requestId: string;
  /** The JSON body, parsed by `schema`; 400 with every field problem when it does not fit. */
  body<S extends z.ZodType>(schema: S): Promise<z.output<S>>;
  /** The query string, parsed by `schema`. */
  query<S extends z.ZodType>(schema: S): z.output<S>;
  /** The JSON body, parsed by the route's `input` schema (src/contract/routes.ts). */
  input<R extends RouteSpec & { input: z.ZodType }>(route: R): Promise<ParsedInputOf<R>>;
  /** Work to start once the answer is ready, on its own database handle (after-answer.ts). */
  after(task: AfterAnswerTask): void;
}

/** A handler answers through `reply(route, body)`, checked against the route table. */
export type ApiHandler = (ctx: ApiContext) => Promise<Reply>;

export interface ApiOptions {
  /** Largest request body accepted, in bytes (413 above). */
  maxBodyBytes?: number;
}

/**
 * The caller a route's handler is handed: none on a public route; on any other, the signed-in
 * user and their token's claims, checked against the route's `access` before the handler runs.
 */
export type CallerOf<R extends RouteSpec> = R['access'] extends 'public' ? unknown : Session;

/**
 * What the handler of one route reads: the request, the route's `:name` segments by name, and
 * (unless the route is public) the signed-in `user` its `access` admitted.
 */
export type RouteContext<R extends RouteSpec> = Omit<ApiContext, 'params'> & { params: ParamsOf<R> } & CallerOf<R>;

/** One route of the table and the handler that serves it (`serve(ROUTES.x, handler)`). */
export interface Served {
  readonly route: RouteSpec;
  readonly handler: (ctx: ApiContext) => Promise<Reply>;
}

/** Binds a handler to its route: its `params` are typed from the route's path. */
export function serve<const R extends RouteSpec>(route: R, handler: (ctx: RouteContext<R>) => Promise<Reply>): Served {
  return { route, handler: handler as unknown as Served['handler'] };
}

/** The methods and routes a function serves, read by the route table's unit test. */
export interface ServedBy {
  methods: readonly string[];
  routes: readonly RouteSpec[];
}

/**
 * A handler answering another route than the one it serves is a bug the types cannot see
 * (`reply(ROUTES.a, ...)` inside the handler of ROUTES.b): the tests and the local server fail
 * loudly on it; a deploy logs it and still answers.
 */
function checkAnswered(answered: RouteSpec, expected: (route: RouteSpec) => boolean, where: string): void {
  if (expected(answered)) return;
  const message = `${where} answered through ${answered.method} ${answered.path}, which is not the route it serves`;
  if (process.env['VITEST'] || process.env['SKYWARD_LOCAL_DEV'] === '1' || process.env['NODE_ENV'] === 'test')
    throw new Error(message);
  console.error(message);
}

export function zodFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

/** zod's own wording ("Invalid input: expected string"), which does not say which field it means. */
const GENERIC_MESSAGE = /^(Invalid|Too (big|small)|Unrecognized|Expected)\b/;

/**
 * One readable sentence for the first problem, shown to people as is ("Error: {detail}"): our
 * schemas' messages already name the field by its label ("Phone number must be a valid phone
 * number"); zod's generic ones get the field's path in front. `errors` lists every problem by path.
 */
export function validationError(error: z.ZodError): HttpError {
  const errors = zodFieldErrors(error);
  const first = errors[0];
  const detail = !first
    ? 'Invalid request'
    : first.path && GENERIC_MESSAGE.test(first.message)
      ? `${first.path}: ${first.message}`
      : first.message;
  return badRequest(detail, errors);
}

/** Where a NUL character hides in a parsed body ('' for the body itself), or null: no text column stores one. */
function nulPath(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.split('\u0000').join('')].join('.');
    const found = nulPath(inner, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * An over-limit body read anyway (body.ts, OversizedBody): the route's own schema says which field
 * is too long, in its words ('Message must be at most 5000 characters'); still a 413, still unsaved.
 */
function namingOversized(error: unknown, schema: z.ZodType): never {
  if (!(error instanceof OversizedBody)) throw error;
  const result = schema.safeParse(error.parsed);
  const long = result.success ? [] : zodFieldErrors(result.error).filter((e) => /at most/.test(e.message));
  if (long.length === 0) throw error;
  throw new HttpError(413, `${error.detail}. ${long.map((e) => e.message).join('; ')}`, { errors: long });
}

const NUL_MESSAGE = 'Text cannot contain the NUL character (\\u0000)';

export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const nul = nulPath(input);
  if (nul !== null)
    throw badRequest(nul ? `${nul}: ${NUL_MESSAGE}` : NUL_MESSAGE, [{ path: nul, message: NUL_MESSAGE }]);
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

const CONCURRENT_CHANGE_MESSAGE =
  'Another change was made to this at the same moment, so yours was not saved. Reload to see it, then try again.';

/** PostgreSQL ending a transaction that waited in a cycle (40P01) or could not be serialized (40001). */
function isConcurrentChange(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

/** PostgreSQL refusing text it cannot store: a NUL byte (22021) or a \\u0000 escape (22P05). */
function isUnstorableText(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '22021' || code === '22P05';
}

/**
 * Netlify's `context.ip` only, IPv6 by its /64; '' when absent (client-ip.ts). Netlify's Vite
 * plugin (`npm run dev`, on this machine only) gives functions no `context.ip`: there, and only
 * when scripts/dev.ts says so, every request is this machine's.
 */
function clientIp(_req: Request, context: FunctionContext): string {
  return clientAddressKey(context.ip) || (process.env['SKYWARD_LOCAL_DEV'] === '1' ? '127.0.0.1' : '');
}

/** A path whose `%` escapes do not decode names nothing: 404 JSON before any handler runs. */
function malformedPath(req: Request): boolean {
  try {
    decodeURIComponent(new URL(req.url).pathname);
    return false;
  } catch {
    return true;
  }
}

/** Security headers on every answer, and 404 for a malformed path (docs/decisions/0094, 0095). */
function hardened(handle: (req: Request, context?: FunctionContext) => Promise<Response>) {
  return async (req: Request, context: FunctionContext = {}): Promise<Response> =>
    withSecurityHeaders(malformedPath(req) ? json({ detail: 'Not found' }, 404) : await handle(req, context));
}

function errorResponse(error: HttpError): Response {
  const body: { detail: string; errors?: FieldError[] } = { ...error.body, detail: error.detail };
  if (error.errors) body.errors = error.errors;
  return json(body, error.status, error.headers);
}

/**
 * Wraps the routes one function serves, each a route of the table with its handler
 * (`serve(ROUTES.x, handler)`, docs/decisions/0454): the request's method and path choose the
 * route (a path the function serves under another method answers 405 with the methods the table
 * lists for it in `Allow`, a path it does not serve 404), the route's `access` admits the caller
 * (401/403 otherwise) and hands the handler its `user`, the handler reads the route's `:name`
 * segments as typed `params`; a database handle for the request, zod parsing, and errors as
 * `{ detail, errors? }` JSON. An unexpected error becomes a 500 with a generic detail and a
 * request id that is also logged, never a stack trace.
 */
export function withApi(...args: Array<Served | ApiOptions>): ReturnType<typeof hardened> & ServedBy {
  const isServed = (a: Served | ApiOptions): a is Served => 'route' in a && 'handler' in a;
  const entries = args.filter(isServed);
  const options: ApiOptions = args.find((a): a is ApiOptions => !isServed(a)) ?? {};
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const allowed = [...new Set(entries.map((e) => e.route.method))];

  const handled = hardened(async function handle(req: Request, context: FunctionContext = {}): Promise<Response> {
    const requestId = context.requestId || crypto.randomUUID();
    const { pathname, search } = new URL(req.url);
    // Lists echo their query into `Link`: an unbounded one makes a header clients cannot read.
    if (search.length > MAX_QUERY_CHARS + 1)
      return json({ detail: `The query string is too long: at most ${MAX_QUERY_CHARS} characters` }, 414);
    const choice = chooseRoute(entries, req.method, pathname);
    if (!choice.served) {
      if (choice.allow.length === 0) return json({ detail: 'Not found' }, 404);
      return json({ detail: `Method ${req.method} not allowed` }, 405, { Allow: choice.allow.join(', ') });
    }
    const served = choice.served;
    const handler = served.handler;
    const params = choice.params;
    const expected = (route: RouteSpec) => route === served.route;
    const { db, release } = openDb();
    const afterAnswer: AfterAnswerTask[] = [];
    try {
      const ctx: ApiContext = {
        req,
        db,
        params,
        url: new URL(req.url),
        ip: clientIp(req, context),
        requestId,
        body: async (schema) => parseWith(schema, await readJson(req, maxBodyBytes)),
        query: (schema) => parseWith(schema, Object.fromEntries(new URL(req.url).searchParams)),
        input: async (route) =>
          parseWith(
            route.input,
            await readJson(req, maxBodyBytes).catch((e: unknown) => namingOversized(e, route.input)),
          ) as never,
        after: (task) => void afterAnswer.push(task),
      };
      // Who may call is the table's to say, before the handler reads anything (docs/decisions/0430).
      const access = served.route.access;
      const caller = access === 'public' ? {} : await authorise(ctx, access);
      const answer = await handler(Object.assign(ctx, caller));
      checkAnswered(answer.route, expected, `${req.method} ${pathname}`);
      const { response } = answer;
      startAfterAnswer(
        afterAnswer,
        `[${requestId}] ${req.method} ${new URL(req.url).pathname}`,
        context.waitUntil?.bind(context),
      );
      return response;
    } catch (error) {
      if (error instanceof HttpError) return errorResponse(error);
      if (isUnstorableText(error)) {
        // Text that reached the database without passing parseWith (a form field read directly).
        console.warn(
          `[${requestId}] ${req.method} ${new URL(req.url).pathname} 400 unstorable text: ${(error as Error).message}`,
        );
        return json({ detail: NUL_MESSAGE }, 400);
      }
      if (isConcurrentChange(error)) {
        // Two actions on the same rows at once that PostgreSQL could not order (a lock order
        // missed somewhere): one of them is refused and nothing of it was kept (docs/decisions/0301).
        console.warn(
          `[${requestId}] ${req.method} ${new URL(req.url).pathname} 409 concurrent change: ${(error as Error).message}`,
        );
        return json({ detail: CONCURRENT_CHANGE_MESSAGE }, 409);
      }
      if (isDatabaseUnavailable(error)) {
        console.error(
          `[${requestId}] ${req.method} ${new URL(req.url).pathname} 503 database unavailable: ${describeDatabaseError(error)}`,
        );
        return json(
          { detail: `The service is briefly unavailable. Please try again in a moment. Reference: ${requestId}` },
          503,
          { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
        );
      }
      console.error(`[${requestId}] ${req.method} ${new URL(req.url).pathname} failed:`, error);
      return json({ detail: `Something went wrong on our side. Reference: ${requestId}` }, 500);
    } finally {
      await release();
    }
  });
  const routes = entries.map((e) => e.route);
  return Object.assign(handled, { methods: allowed, routes });
}
