import { request as http } from 'node:http';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { SSR_FUNCTION } from '../../scripts/lib/warm-ssr.ts';

// On the production-like server: TRACE answered 500 without the security
// headers; /blog and articles answered 500 with an empty body while the database was down.

const PORT = Number(process.env['E2E_PORT'] ?? 4399);

/** A raw request (Playwright's client and fetch refuse TRACE). */
function raw(
  method: string,
  path: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http({ host: '127.0.0.1', port: PORT, method, path }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('TRACE and other unknown methods: 405 with the security headers', async () => {
  for (const [method, path] of [
    ['TRACE', '/'],
    ['TRACE', '/api/health'],
    ['TRACE', '/blog'],
    ['PROPFIND', '/'],
  ] as const) {
    const res = await raw(method, path);
    expect(res.status, `${method} ${path}`).toBe(405);
    expect(res.headers['allow']).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  }
});

test('the blog answers a 503 page while its database is down', async () => {
  // The deploy's own SSR function (built for this run), loaded here with a database that refuses
  // every connection: what Netlify runs when Neon cannot be reached.
  process.env['DATABASE_URL'] = 'postgres://postgres:postgres@127.0.0.1:1/app';
  const ssr = (await import(pathToFileURL(SSR_FUNCTION).href)) as {
    default: (req: Request, ctx: object) => Promise<Response>;
  };
  for (const path of ['/blog', '/blog/annual-inspection-checklist', '/blog/page/2']) {
    const res = await ssr.default(new Request(`http://localhost:${PORT}${path}`), {
      ip: '127.0.0.1',
      requestId: 'e2e',
      params: {},
    });
    expect(res.status, path).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    const html = await res.text();
    expect(html).toContain('<h1>The blog is briefly unavailable</h1>');
    expect(html).toMatch(/Reference: [0-9a-f-]{36}/);
    expect(html).not.toMatch(/ECONNREFUSED|postgres|127\.0\.0\.1/);
  }
});
