import { FunctionRouter, type FunctionModule } from '../../scripts/lib/function-routes.ts';

// Every function of the site, routed by its own `config` exactly as the local server and Netlify
// route them (scripts/lib/function-routes.ts).
const modules = import.meta.glob<FunctionModule>('../../netlify/functions/*.ts', { eager: true });
const router = new FunctionRouter(
  Object.entries(modules).map(([file, module]) => ({ name: file.replace(/^.*\/|\.ts$/g, ''), module })),
);

/**
 * The answer of a call made without its route (`api.*`, `call`): the calls `callRoute` cannot
 * make (a path no route serves on purpose, raw bytes, a method or path held in a variable) and
 * the calls not yet moved to it. Nothing types these answers, so they are read as sent.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the one loose type of the tests: the untyped client's answers
export type Untyped = any;

export interface ApiResult<T = Untyped> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
  /** The body's bytes as sent (a PDF's text above is lossy). */
  bytes: Uint8Array;
}

export interface CallOptions {
  body?: unknown;
  /** Raw body, sent as is (for malformed JSON, oversized bodies, form data). */
  rawBody?: BodyInit;
  token?: string;
  headers?: Record<string, string>;
  /** The client's IP as Netlify reports it; each call gets a fresh one unless given. */
  ip?: string;
}

let ipCounter = 0;
/** A distinct client address per call, so per-IP rate limits only bite where a test wants them. */
export function uniqueIp(): string {
  ipCounter += 1;
  const n = process.pid * 1000 + ipCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export async function call<T = Untyped>(
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiResult<T>> {
  const url = new URL(path, 'http://localhost:8888');
  const match = router.match(method, url.pathname);
  if (!match) throw new Error(`No function serves ${method} ${url.pathname}`);
  const headers = new Headers(options.headers);
  let body: BodyInit | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set('content-type', 'application/json');
  }
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  const req = new Request(url, { method, headers, ...(body === undefined ? {} : { body }) });
  const res = await match.fn.module.default(req, {
    params: match.params,
    ip: options.ip ?? uniqueIp(),
    requestId: crypto.randomUUID(),
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, body: parsed as T, headers: res.headers, text, bytes };
}

export const api = {
  get: <T = Untyped>(path: string, o?: CallOptions) => call<T>('GET', path, o),
  post: <T = Untyped>(path: string, body?: unknown, o?: CallOptions) => call<T>('POST', path, { ...o, body }),
  put: <T = Untyped>(path: string, body?: unknown, o?: CallOptions) => call<T>('PUT', path, { ...o, body }),
  patch: <T = Untyped>(path: string, body?: unknown, o?: CallOptions) => call<T>('PATCH', path, { ...o, body }),
  delete: <T = Untyped>(path: string, o?: CallOptions) => call<T>('DELETE', path, o),
};

let emailCounter = 0;
export function uniqueEmail(prefix = 'user'): string {
  emailCounter += 1;
  return `${prefix}.${process.pid}.${Date.now()}.${emailCounter}@example.com`;
}
