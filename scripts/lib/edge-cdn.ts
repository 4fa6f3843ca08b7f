// Netlify's CDN in front of the deploy rehearsal (docs/decisions/0478), in web APIs only: the Deno
// runner of the edge bundle (scripts/lib/edge-under-deno.ts) uses it, and Node tests it.
/** The CDN's own headers: read by it, never sent on to the browser (Netlify removes them too). */
const CDN_ONLY = ['netlify-cdn-cache-control', 'cdn-cache-control', 'netlify-cache-tag', 'cache-tag'];

/**
 * Netlify's CDN, as far as the product relies on it (docs/decisions/0478): a GET or HEAD answer
 * without credentials, 200, whose `Netlify-CDN-Cache-Control` (else `CDN-Cache-Control`) gives a
 * `s-maxage` or `max-age` and neither `no-store` nor `private`, is kept for that long and served to
 * the next readers without asking the origin, until a purge names one of its tags
 * (`Netlify-Cache-Tag` or `Cache-Tag`), or names none (the whole site). Not modelled: revalidation
 * (`stale-while-revalidate`), `Vary`, and one cache per edge node; everything is one cache here.
 * Edge functions run before the cache, as on Netlify: a kept page still goes through them.
 */
export class Cdn {
  private readonly entries = new Map<
    string,
    { status: number; headers: Headers; body: Uint8Array; tags: Set<string>; storedAt: number; maxAgeMs: number }
  >();

  static maxAgeMs(headers: Headers): number | null {
    const control = headers.get('netlify-cdn-cache-control') ?? headers.get('cdn-cache-control');
    if (!control || /\b(no-store|private)\b/.test(control)) return null;
    const seconds = /(?:^|,)\s*s-maxage=(\d+)/.exec(control)?.[1] ?? /(?:^|,)\s*max-age=(\d+)/.exec(control)?.[1];
    return seconds ? Number(seconds) * 1000 : null;
  }

  private static cacheable(request: Request): boolean {
    return (
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.headers.has('authorization') &&
      !request.headers.has('cookie')
    );
  }

  private static key(request: Request): string {
    const url = new URL(request.url);
    return url.pathname + url.search;
  }

  lookup(request: Request): Response | null {
    if (!Cdn.cacheable(request)) return null;
    const entry = this.entries.get(Cdn.key(request));
    if (!entry) return null;
    const age = Date.now() - entry.storedAt;
    if (age > entry.maxAgeMs) {
      this.entries.delete(Cdn.key(request));
      return null;
    }
    const headers = new Headers(entry.headers);
    headers.set('age', String(Math.floor(age / 1000)));
    headers.set('cache-status', '"Netlify Edge"; hit');
    return new Response(request.method === 'HEAD' ? null : entry.body.slice(), { status: entry.status, headers });
  }

  /** Keeps `response` when the CDN would, and hands on what the browser gets, CDN headers removed. */
  async store(request: Request, response: Response): Promise<Response> {
    const maxAgeMs = Cdn.maxAgeMs(response.headers);
    const headers = new Headers(response.headers);
    const tags = new Set(
      ['netlify-cache-tag', 'cache-tag'].flatMap((name) =>
        (response.headers.get(name) ?? '')
          .split(',')
          .map((tag) => tag.trim())
          .filter(Boolean),
      ),
    );
    for (const name of CDN_ONLY) headers.delete(name);
    if (!Cdn.cacheable(request) || response.status !== 200 || !maxAgeMs || request.method === 'HEAD')
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    const body = new Uint8Array(await response.arrayBuffer());
    this.entries.set(Cdn.key(request), {
      status: response.status,
      headers,
      body,
      tags,
      storedAt: Date.now(),
      maxAgeMs,
    });
    const sent = new Headers(headers);
    sent.set('age', '0');
    sent.set('cache-status', '"Netlify Edge"; fwd=miss; stored');
    return new Response(body, { status: response.status, statusText: response.statusText, headers: sent });
  }

  /** Drops every entry with one of `tags`; every entry when none is named. Returns how many. */
  purge(tags: readonly string[]): number {
    let dropped = 0;
    for (const [key, entry] of this.entries)
      if (!tags.length || tags.some((tag) => entry.tags.has(tag))) {
        this.entries.delete(key);
        dropped++;
      }
    return dropped;
  }
}
