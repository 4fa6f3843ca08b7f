import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * What Netlify's CDN does for the public API reads, for `npm start` (docs/decisions/0202-public-reads-at-the-edge.md):
 * a GET answer marked `Netlify-CDN-Cache-Control: ... max-age=N` is kept (body compressed once with
 * Brotli and gzip), served to the next readers without calling the function, and dropped when a
 * write purges one of its `Netlify-Cache-Tag`s through the purge API (`POST /api/v1/purge`, the
 * address `purgeCache` from @netlify/functions calls, pointed here by NETLIFY_API_BASE). The two
 * CDN headers are removed before the browser sees the answer, as Netlify removes them. Answers to
 * requests with credentials are never cached.
 */
interface Entry {
  status: number;
  headers: Array<[string, string]>;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  tags: Set<string>;
  storedAt: number;
  maxAgeMs: number;
  /** The headers of a hit per encoding, but for `age`, as Node's flat [name, value, ...] list. */
  hitHeaders: Record<Encoding, string[]>;
}

type Encoding = 'br' | 'gzip' | 'identity';

/** Headers the CDN sets itself on every answer it serves (the function's own are replaced). */
const CDN_HEADERS = new Set(['content-length', 'vary', 'age', 'cache-status', 'content-encoding']);

const PURGE_PATH = '/api/v1/purge';
/** Only what the functions under /api mark for the CDN (the blog pages keep being rendered, see bench/article-render.ts). */
const CACHEABLE_PREFIX = '/api/';

function maxAgeOf(cdnCacheControl: string): number | null {
  const m = /(?:^|,)\s*(?:s-maxage|max-age)=(\d+)/.exec(cdnCacheControl);
  return m ? Number(m[1]) * 1000 : null;
}

export class LocalCdn {
  private readonly entries = new Map<string, Entry>();
  /** The purge API's token: the functions in this process get it through the environment. */
  readonly token = randomBytes(24).toString('base64url');

  /** Points the functions' purges (purgeCache) at this server. */
  configureEnvironment(baseUrl: string): void {
    process.env['NETLIFY_PURGE_API_TOKEN'] = this.token;
    process.env['NETLIFY_API_BASE'] = baseUrl;
    process.env['SITE_ID'] ??= 'local';
  }

  private static key(req: IncomingMessage): string {
    return req.url ?? '/';
  }

  private static cacheable(req: IncomingMessage): boolean {
    return (
      (req.method === 'GET' || req.method === 'HEAD') &&
      (req.url ?? '').startsWith(CACHEABLE_PREFIX) &&
      !req.headers.authorization &&
      !req.headers.cookie
    );
  }

  /** The purge API, when `req` is a call to it; undefined otherwise. */
  async purgeRequest(req: IncomingMessage): Promise<Response | undefined> {
    if (req.method !== 'POST' || (req.url ?? '').split('?')[0] !== PURGE_PATH) return undefined;
    const auth = Buffer.from(req.headers.authorization ?? '');
    const expected = Buffer.from(`Bearer ${this.token}`);
    if (auth.length !== expected.length || !timingSafeEqual(auth, expected))
      return new Response('Unauthorized', { status: 401 });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
      cache_tags?: string[];
      tags?: string[];
    };
    this.purge(body.cache_tags ?? body.tags ?? []);
    return new Response(null, { status: 202 });
  }

  /** Drops every entry carrying one of `tags` (all entries when none is named, as a site-wide purge). */
  purge(tags: readonly string[]): void {
    for (const [key, entry] of this.entries) {
      if (tags.length === 0 || tags.some((t) => entry.tags.has(t))) this.entries.delete(key);
    }
  }

  /**
   * Answers `req` from the cache when a fresh entry holds it, compressed as the client accepts;
   * false on a miss. A hit is written straight to Node's response from headers and bodies prepared
   * when the entry was stored: building a web Response (Headers, a copy of the body, a stream to
   * read it back) cost a fifth of the server's time per hit under load (bench/RESULTS.md).
   */
  serveHit(req: IncomingMessage, res: ServerResponse): boolean {
    if (!LocalCdn.cacheable(req)) return false;
    const entry = this.entries.get(LocalCdn.key(req));
    if (!entry) return false;
    const age = Date.now() - entry.storedAt;
    if (age > entry.maxAgeMs) {
      this.entries.delete(LocalCdn.key(req));
      return false;
    }
    const encoding = LocalCdn.encodingFor(req);
    res.writeHead(entry.status, [...entry.hitHeaders[encoding], 'age', String(Math.floor(age / 1000))]);
    res.end(req.method === 'HEAD' ? undefined : entry[encoding]);
    return true;
  }

  private static encodingFor(req: IncomingMessage): Encoding {
    const accepts = String(req.headers['accept-encoding'] ?? '');
    return /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : 'identity';
  }

  /** Keeps a cacheable answer and hands it on (compressed); any other answer passes untouched. */
  async store(req: IncomingMessage, response: Response): Promise<Response> {
    const cdnControl = response.headers.get('netlify-cdn-cache-control');
    const maxAgeMs = cdnControl ? maxAgeOf(cdnControl) : null;
    if (!LocalCdn.cacheable(req) || response.status !== 200 || !maxAgeMs || /no-store|private/.test(cdnControl ?? ''))
      return response;
    const identity = Buffer.from(await response.arrayBuffer());
    const tags = new Set(
      (response.headers.get('netlify-cache-tag') ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    );
    const headers: Array<[string, string]> = [];
    response.headers.forEach((value, name) => {
      if (!['netlify-cdn-cache-control', 'netlify-cache-tag', 'content-length', 'content-encoding'].includes(name))
        headers.push([name, value]);
    });
    const bodies = {
      identity,
      gzip: gzipSync(identity),
      br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    };
    const hitHeaders = (encoding: Encoding) => [
      ...headers.filter(([name]) => !CDN_HEADERS.has(name)).flat(),
      ...['content-length', String(bodies[encoding].length), 'vary', 'Accept-Encoding'],
      ...['cache-status', '"Netlify Edge"; hit'],
      ...(encoding === 'identity' ? [] : ['content-encoding', encoding]),
    ];
    const entry: Entry = {
      status: response.status,
      headers,
      ...bodies,
      tags,
      storedAt: Date.now(),
      maxAgeMs,
      hitHeaders: { br: hitHeaders('br'), gzip: hitHeaders('gzip'), identity: hitHeaders('identity') },
    };
    this.entries.set(LocalCdn.key(req), entry);
    return LocalCdn.missAnswer(req, entry);
  }

  /** The answer of a miss, as the function's answer was stored. */
  private static missAnswer(req: IncomingMessage, entry: Entry): Response {
    const encoding = LocalCdn.encodingFor(req);
    const body = entry[encoding];
    const headers = new Headers(entry.headers);
    headers.set('content-length', String(body.length));
    headers.set('vary', 'Accept-Encoding');
    headers.set('age', '0');
    headers.set('cache-status', '"Netlify Edge"; fwd=miss; stored');
    if (encoding !== 'identity') headers.set('content-encoding', encoding);
    return new Response(req.method === 'HEAD' ? null : new Uint8Array(body), { status: entry.status, headers });
  }
}
