import type { FunctionContext } from '../../src/server/http/with-api.ts';

type Handler = (req: Request, context: FunctionContext) => Promise<Response>;
interface FunctionModule {
  default: Handler;
  config?: { path?: string | string[]; method?: string | string[] };
}

// Every function of the site, routed by its own `config.path` exactly as Netlify routes them.
const modules = import.meta.glob<FunctionModule>('../../netlify/functions/*.ts', { eager: true });
const routes = Object.entries(modules).flatMap(([file, mod]) => {
  const paths = mod.config?.path === undefined ? [] : [mod.config.path].flat();
  return paths.map((p) => ({ file, pattern: new URLPattern({ pathname: p }), handler: mod.default }));
});

export interface ApiResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
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

export async function call<T = any>(method: string, path: string, options: CallOptions = {}): Promise<ApiResult<T>> {
  const url = new URL(path, 'http://localhost:8888');
  const match = routes
    .map((r) => ({ r, m: r.pattern.exec({ pathname: url.pathname }) }))
    .find((x) => x.m !== null);
  if (!match || !match.m) throw new Error(`No function serves ${url.pathname}`);
  const headers = new Headers(options.headers);
  let body: BodyInit | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set('content-type', 'application/json');
  }
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  const req = new Request(url, { method, headers, ...(body === undefined ? {} : { body }) });
  const params = Object.fromEntries(
    Object.entries(match.m.pathname.groups).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  const res = await match.r.handler(req, { params, ip: options.ip ?? uniqueIp() });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, body: parsed as T, headers: res.headers, text };
}

export const api = {
  get: <T = any>(path: string, o?: CallOptions) => call<T>('GET', path, o),
  post: <T = any>(path: string, body?: unknown, o?: CallOptions) => call<T>('POST', path, { ...o, body }),
  put: <T = any>(path: string, body?: unknown, o?: CallOptions) => call<T>('PUT', path, { ...o, body }),
  patch: <T = any>(path: string, body?: unknown, o?: CallOptions) => call<T>('PATCH', path, { ...o, body }),
  delete: <T = any>(path: string, o?: CallOptions) => call<T>('DELETE', path, o),
};

let emailCounter = 0;
export function uniqueEmail(prefix = 'user'): string {
  emailCounter += 1;
  return `${prefix}.${process.pid}.${Date.now()}.${emailCounter}@example.com`;
}
