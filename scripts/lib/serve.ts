import { NetlifyDev } from '@netlify/dev';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { ROOT } from './paths.ts';
import { WarmFunctions } from './warm-functions.ts';
import { WarmSsr } from './warm-ssr.ts';
import { LocalCdn } from './local-cdn.ts';
import { contentSecurityPolicy, withSecurityHeaders } from '../../src/server/http/security-headers.ts';
import analyticsCsp from '../../netlify/edge-functions/analytics-csp.ts';
import { isAnalyticsPath } from '../../src/contract/analytics-policy.ts';

export interface ServeOptions {
  port: number;
  host?: string;
  /** Run scheduled functions on their schedules (default true). */
  schedules?: boolean;
}

export interface RunningServer {
  url: string;
  functions: WarmFunctions;
  close(): Promise<void>;
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key === 'set-cookie') return;
    headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  res.writeHead(response.status, headers);
  if (!response.body) return void res.end();
  // Chunk by chunk with back-pressure (a document download is megabytes); a JSON answer is one
  // chunk. A reader costs far less per call than a Node stream piped from the web stream.
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!res.write(value)) await drainedOrClosed(res);
    if (res.destroyed) return void (await reader.cancel()); // the client went away
  }
  res.end();
}

const TEXT = /^(text\/|application\/(javascript|json|xml|manifest\+json|rss\+xml)|image\/svg\+xml)/;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * A page or asset compressed as the client accepts, as Netlify's CDN sends static files and
 * on-demand pages (the emulator sends them as they are on disk): without it a browser here reads
 * the home page's 60 KB of HTML and 53 KB of CSS where a visitor reads 12 and 9, and Lighthouse's
 * throttled figures measure a transfer no visitor has.
 */
async function compressed(req: IncomingMessage, response: Response): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  // Whole answers only: a range (206) is of the bytes on disk.
  if (!response.body || response.status !== 200 || req.method !== 'GET') return response;
  if (response.headers.has('content-encoding') || !TEXT.test(type)) return response;
  const accepts = String(req.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
  if (!encoding) return response;
  const raw = Buffer.from(await response.arrayBuffer());
  const body =
    encoding === 'br' ? await brotli(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }) : await gzipped(raw);
  const headers = new Headers(response.headers);
  headers.set('content-encoding', encoding);
  headers.set('content-length', String(body.length));
  headers.append('vary', 'Accept-Encoding');
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Waits until the response can take more, or is gone. The listener that did not fire is removed:
 * a large download waits many times on one response, and leftover 'close' listeners piled up
 * (Node's MaxListenersExceededWarning during the 10 MB document test).
 */
async function drainedOrClosed(res: ServerResponse): Promise<void> {
  const done = new AbortController();
  try {
    await Promise.race([once(res, 'drain', { signal: done.signal }), once(res, 'close', { signal: done.signal })]);
  } finally {
    done.abort();
  }
}

const FALLBACK_404 =
  '<!doctype html><title>Not found</title><h1>Page not found</h1><p><a href="/">Go to the home page</a></p>';

/**
 * What no function, file or on-demand page answers (a write to a page's address, a path whose
 * `%` escapes do not decode): 404, JSON under /api, with the headers every answer carries.
 */
function notFound(url: string): Response {
  const api = url.startsWith('/api/');
  const body = api ? JSON.stringify({ detail: 'Not found' }) : FALLBACK_404;
  const headers = {
    'content-type': api ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
    'content-security-policy': contentSecurityPolicy(),
  };
  return withSecurityHeaders(new Response(body, { status: 404, headers }));
}

/** The methods a site answers; TRACE, CONNECT and the rest get 405, as Netlify's edge gives them. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

function methodNotAllowed(url: string): Response {
  const api = url.startsWith('/api/');
  const body = api
    ? JSON.stringify({ detail: 'Method not allowed' })
    : '<!doctype html><title>Method not allowed</title><h1>Method not allowed</h1>';
  const headers = {
    'content-type': api ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
    allow: 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'content-security-policy': contentSecurityPolicy(),
  };
  return withSecurityHeaders(new Response(body, { status: 405, headers }));
}

/** Whether the path's `%` escapes decode: Netlify's edge never hands a function one that does not. */
function decodable(url: string): boolean {
  try {
    decodeURIComponent(url.split('?')[0] ?? '');
    return true;
  } catch {
    return false;
  }
}

/**
 * The production-like local server. Functions answer warm, as a deployed instance does: each
 * module loaded once and routed by its own `config` (scripts/lib/warm-functions.ts), with its
 * schedules running. Everything else is Netlify's own emulator (`NetlifyDev`): the built `dist/`,
 * `netlify.toml` redirects and headers, and the Blobs server whose context the functions read.
 * The database is whatever NETLIFY_DB_URL points at (the embedded PostgreSQL), as in production.
 * docs/decisions/0007-warm-local-functions.md says why functions do not go through the emulator.
 */
export async function serve({ port, host = '127.0.0.1', schedules = true }: ServeOptions): Promise<RunningServer> {
  const netlify = new NetlifyDev({
    projectRoot: ROOT,
    // Blobs: the emulator starts Netlify's Blobs server and puts its context in this process's
    // environment, where the warm functions' `getStore()` finds it.
    blobs: { enabled: true },
    functions: { enabled: false },
    redirects: { enabled: true },
    headers: { enabled: true },
    staticFiles: { enabled: true },
    environmentVariables: { enabled: true },
    edgeFunctions: { enabled: false },
    aiGateway: { enabled: false },
    database: { enabled: false },
    images: { enabled: false },
    geolocation: { enabled: false },
    serverAddress: null,
  });
  await netlify.start();
  // The CDN in front of the public API reads (docs/decisions/0202): kept, compressed, purged by tag.
  const cdn = new LocalCdn();
  cdn.configureEnvironment(`http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`);
  const functions = await WarmFunctions.load();
  if (schedules) functions.startSchedules();
  // The on-demand pages (blog): Astro's SSR function, after functions and static files (docs/decisions/0033).
  const ssr = await WarmSsr.load();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (!KNOWN_METHODS.has(req.method ?? '')) return send(res, methodNotAllowed(req.url ?? '/'));
    if (!decodable(req.url ?? '/')) return send(res, notFound(req.url ?? '/'));
    const purged = await cdn.purgeRequest(req);
    if (purged) return send(res, purged);
    if (cdn.serveHit(req, res)) return;
    const fromFunction = await functions.handle(req, `http://${req.headers.host ?? `localhost:${port}`}`);
    if (fromFunction) return send(res, await cdn.store(req, fromFunction));
    const origin = `http://${req.headers.host ?? `localhost:${port}`}`;
    // The public pages pass through the analytics edge function, as on Netlify (docs/decisions/0275).
    const edge = (page: Response) =>
      (req.method === 'GET' || req.method === 'HEAD') && isAnalyticsPath(new URL(req.url ?? '/', origin).pathname)
        ? analyticsCsp(new Request(new URL(req.url ?? '/', origin)), { next: () => Promise.resolve(page) })
        : Promise.resolve(page);
    const match = await netlify.handleAndIntrospectNodeRequest(req);
    if (match) return send(res, await compressed(req, await edge(match.response)));
    // An /api address no function serves, whatever the method: the SSR function's JSON 404 (src/pages/api/[...path].ts).
    const unknownApi = (req.url ?? '').startsWith('/api/');
    if (ssr && (req.method === 'GET' || req.method === 'HEAD' || unknownApi))
      return send(res, await compressed(req, await edge(await ssr.handle(req, origin))));
    // GET and HEAD of an unknown page get the site's 404 page from the SSR function (src/pages/404.astro).
    return send(res, notFound(req.url ?? '/'));
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error(`${req.method} ${req.url} failed in the local server:`, error);
      // With the headers every answer carries, even this one.
      if (!res.headersSent) {
        const headers: Record<string, string> = {};
        withSecurityHeaders(
          new Response(null, {
            headers: { 'content-type': 'application/json', 'content-security-policy': contentSecurityPolicy() },
          }),
        ).headers.forEach((v, k) => (headers[k] = v));
        res.writeHead(500, headers);
      }
      res.end(JSON.stringify({ detail: 'Local server error' }));
    });
  });
  // Many short API calls from one browser: keep connections open as Netlify's edge does.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return {
    url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`,
    functions,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await functions.stop();
      await netlify.stop();
    },
  };
}
