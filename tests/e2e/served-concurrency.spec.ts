import { expect, test } from '@playwright/test';

// Bursts of calls through the served product (the local server, its warm functions and its
// database pool), as a dashboard's first load and its 30 s poll make them from many browsers at
// once. Under the emulator each call was a fresh worker and such bursts answered 500 with nothing
// in the product's log; a warm function must answer every one.

test('30 concurrent notification reads and 20 concurrent dashboard reads all answer 200', async ({ request }) => {
  const email = `burst.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const registered = await request.post('/api/auth/register', {
    data: { role: 'pilot', firstName: 'Wiley', lastName: 'Post', email, password: 'Winnie-Mae-1931', location: 'KOKC' },
  });
  expect(registered.status()).toBe(201);
  const { access_token: token } = (await registered.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}` };

  const notifications = await Promise.all(
    Array.from({ length: 30 }, () => request.get('/api/enhanced/notifications', { headers })),
  );
  expect(notifications.map((r) => r.status())).toEqual(Array(30).fill(200));

  const paths = [
    '/api/enhanced/quotes/user',
    '/api/aircraft',
    '/api/appointments',
    '/api/enhanced/notifications',
    '/api/auth/me',
  ];
  const mixed = await Promise.all(
    Array.from({ length: 20 }, (_, i) => request.get(paths[i % paths.length]!, { headers })),
  );
  expect(mixed.map((r) => `${r.url().replace(/^https?:\/\/[^/]+/, '')} ${r.status()}`)).toEqual(
    Array.from({ length: 20 }, (_, i) => `${paths[i % paths.length]} 200`),
  );
});

test('an /api address no function serves answers a JSON 404 for every method, not the HTML page', async ({
  request,
}) => {
  for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
    const res = await request.fetch('/api/admin/no-such-thing', {
      method,
      ...(method === 'GET' || method === 'DELETE' ? {} : { data: { a: 1 } }),
    });
    expect(res.status(), method).toBe(404);
    expect(res.headers()['content-type'], method).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ detail: 'Not found' });
  }
  // A known route is still its function's.
  expect((await request.get('/api/blog/categories')).status()).toBe(200);
});

test('a path whose % escapes do not decode answers 404, never 500, with the security headers', async ({ request }) => {
  for (const [path, type] of [
    ['/api/%zz', /^application\/json/],
    ['/api/auth/login%', /^application\/json/],
    ['/blog/%zz', /^text\/html/],
    ['/%', /^text\/html/],
  ] as const) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    expect(res.headers()['content-type'], path).toMatch(type);
    expect(res.headers()['content-security-policy'], path).toContain("default-src 'self'");
    expect(res.headers()['strict-transport-security'], path).toBe('max-age=31536000; includeSubDomains');
  }
  const page = await request.get('/no-such-page');
  expect(page.status()).toBe(404);
  expect(page.headers()['content-security-policy']).toContain("default-src 'self'");
});
