import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalCdn } from '../../scripts/lib/local-cdn.ts';

// `npm start`'s CDN (docs/decisions/0202, 0280): a hit is written straight to Node's response from
// what was prepared when the answer was stored; it must carry the function's headers, the CDN's
// own, and the same body in each encoding, as the stored miss did.

const BODY = JSON.stringify({
  success: true,
  data: Array.from({ length: 50 }, (_, i) => ({ i, text: 'x'.repeat(40) })),
});
let server: Server;
let origin: string;
let calls = 0;

function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(`${origin}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('the local CDN', () => {
  beforeAll(async () => {
    const cdn = new LocalCdn();
    server = createServer((req, res) => {
      void (async () => {
        if (cdn.serveHit(req, res)) return;
        calls += 1;
        const fromFunction = new Response(BODY, {
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'x-content-type-options': 'nosniff',
            'netlify-cdn-cache-control': 'public, durable, max-age=60',
            'netlify-cache-tag': 'blog, blog-list',
          },
        });
        const answer = await cdn.store(req, fromFunction);
        const headers: Record<string, string> = {};
        answer.headers.forEach((v, k) => (headers[k] = v));
        res.writeHead(answer.status, headers);
        res.end(answer.body ? Buffer.from(await answer.arrayBuffer()) : undefined);
      })();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers a hit with the stored answer, its headers and each encoding, without calling the function', async () => {
    const miss = await get('/api/blog/posts?page=1', { 'accept-encoding': 'br' });
    expect(miss.headers['cache-status']).toBe('"Netlify Edge"; fwd=miss; stored');
    expect(calls).toBe(1);
    for (const [accept, decode] of [
      ['br', brotliDecompressSync],
      ['gzip, deflate', gunzipSync],
      ['', (b: Buffer) => b],
    ] as const) {
      const hit = await get('/api/blog/posts?page=1', accept ? { 'accept-encoding': accept } : {});
      expect(hit.status).toBe(200);
      expect(decode(hit.body).toString('utf8')).toBe(BODY);
      expect(hit.headers).toMatchObject({
        'content-type': 'application/json; charset=utf-8',
        'x-content-type-options': 'nosniff',
        'content-length': String(hit.body.length),
        vary: 'Accept-Encoding',
        'cache-status': '"Netlify Edge"; hit',
      });
      expect(hit.headers['content-encoding']).toBe(accept ? accept.split(',')[0] : undefined);
      expect(Number(hit.headers['age'])).toBeGreaterThanOrEqual(0);
      // The CDN's own instructions never reach the browser.
      expect(hit.headers['netlify-cdn-cache-control']).toBeUndefined();
      expect(hit.headers['netlify-cache-tag']).toBeUndefined();
    }
    const head = await get('/api/blog/posts?page=1', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.body.length).toBe(0);
    expect(head.headers['cache-status']).toBe('"Netlify Edge"; hit');
    expect(calls).toBe(1);
  });

  it('never answers a request with credentials from the cache', async () => {
    await get('/api/blog/categories');
    const before = calls;
    const signedIn = await get('/api/blog/categories', { authorization: 'Bearer x' });
    expect(signedIn.headers['cache-status']).toBeUndefined();
    expect(calls).toBe(before + 1);
  });
});
