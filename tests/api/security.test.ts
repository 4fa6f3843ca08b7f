import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvCache } from '../../src/server/env.ts';
import { call, uniqueEmail } from '../helpers/api.ts';
import { createUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';

// Headers on every function response, 404 for malformed paths, client address from
// Netlify's context.ip only with IPv6 keyed by its /64.

describe('security headers on function responses', () => {
  it('sends the content policy and HSTS on successes, errors and 405s alike', async () => {
    const user = await createUser('pilot');
    const answers = [
      await callRoute(ROUTES.authMe, { as: user }),
      await callRoute(ROUTES.authMe),
      await callRoute(ROUTES.authLogin, { unchecked: { email: 'x' } }),
      await call('PATCH', '/api/blog/categories'),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 401, 400, 405]);
    for (const res of answers) {
      const csp = res.headers.get('content-security-policy') ?? '';
      for (const directive of [
        "default-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
      ])
        expect(csp).toContain(directive);
      expect(csp).toMatch(/script-src 'self'(;|$| 'sha256-)/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});

describe('malformed paths', () => {
  it.each([
    '/api/enhanced/quotes/%E0%A4%A',
    '/api/enhanced/quotes/%/bid',
    '/api/blog/posts/%zz',
    '/api/admin/mechanics/%c0/approve',
  ])('%s answers 404 JSON, never 500', async (path) => {
    const user = await createUser('admin');
    for (const method of ['GET', 'POST']) {
      const res = await call(method, path, { token: user.token, ...(method === 'POST' ? { body: {} } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.body).toEqual({ detail: 'Not found' });
    }
  });
});

describe('client address', () => {
  const lead = () => ({ firstName: 'Ada', email: uniqueEmail('lead'), source: 'popup_discount_offer' });
  afterEach(() => {
    delete process.env['PUBLIC_WRITE_RATE_LIMIT'];
    resetEnvCache();
  });
  const limitTo = (n: number) => {
    process.env['PUBLIC_WRITE_RATE_LIMIT'] = String(n);
    resetEnvCache();
  };

  it('keys IPv6 clients by their /64: rotating inside it does not reset the limit', async () => {
    limitTo(3);
    const prefix = `2001:db8:${(process.pid % 65535).toString(16)}:${(Date.now() % 65535).toString(16)}`;
    const statuses = [];
    for (let i = 1; i <= 4; i += 1)
      statuses.push((await callRoute(ROUTES.leadCapture, { body: lead(), ip: `${prefix}::${i.toString(16)}` })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Another /64 has its own budget.
    expect(
      (
        await callRoute(ROUTES.leadCapture, {
          body: lead(),
          ip: `2001:db8:ffff:${((Date.now() + 1) % 65535).toString(16)}::1`,
        })
      ).status,
    ).toBe(200);
  });

  it('ignores forwarded headers: only context.ip counts', async () => {
    limitTo(2);
    const ip = `198.51.${process.pid % 250}.${Date.now() % 250}`;
    const statuses = [];
    for (let i = 1; i <= 3; i += 1)
      statuses.push(
        (
          await callRoute(ROUTES.leadCapture, {
            body: lead(),
            ip,
            headers: { 'x-forwarded-for': `203.0.113.${i}`, 'x-nf-client-connection-ip': `203.0.113.${i}` },
          })
        ).status,
      );
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('refuses a public write without a client address rather than sharing one bucket', async () => {
    const res = await callRoute(ROUTES.leadCapture, { body: lead(), ip: '' });
    expect(res.status).toBe(400);
    expect(detailOf(res)).toBe('We could not tell which network this request came from. Please try again.');
    const signIn = await callRoute(ROUTES.authLogin, {
      body: { email: uniqueEmail(), password: 'whatever-it-is' },
      ip: 'unknown',
    });
    expect(signIn.status).toBe(400);
  });
});
