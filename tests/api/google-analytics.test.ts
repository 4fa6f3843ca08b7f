import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import analyticsCsp from '../../netlify/edge-functions/analytics-csp.ts';
import { startGtagStandin, type GtagStandin } from '../../scripts/lib/gtag-standin.ts';
import type { Db } from '../../src/server/db/client.ts';
import { inlineScriptHashes } from '../../src/server/http/inline-script-hashes.ts';
import { contentSecurityPolicy } from '../../src/server/http/security-headers.ts';
import { call } from '../helpers/api.ts';
import { useIsolatedDatabase } from '../helpers/isolated-db.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';

// Google Analytics' measurement ID in the console, the public settings read and the public pages'
// content policy (docs/decisions/0275). Its own database: the primary Google
// Analytics key is global, and the rotation suite changes that integration's keys.
let db: Db;
let admin: TestUser;
let gtag: GtagStandin;
/** The site's functions over HTTP, so the edge function reads the settings as on Netlify. */
let site: Server;
let siteUrl: string;
const savedBase = process.env['GA_SCRIPT_BASE'];

const add = (apiKey: string, token = admin.token, name = 'Website') => {
  const form = new FormData();
  form.set('key_name', name);
  form.set('api_key', apiKey);
  return call('POST', '/api/admin/config/api-keys?integration_type=google_analytics', { rawBody: form, token });
};
const settings = async () => (await callRoute(ROUTES.siteSettings)).body.data as { analytics?: unknown };

/** The home page as netlify.toml serves it, through the edge function. */
async function homePolicy(): Promise<string> {
  const page = new Response('<!doctype html><title>Home</title>', {
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': contentSecurityPolicy() },
  });
  const res = await analyticsCsp(new Request(`${siteUrl}/`), { next: () => Promise.resolve(page) });
  return res.headers.get('content-security-policy') ?? '';
}

beforeAll(async () => {
  db = await useIsolatedDatabase();
  admin = await createUser('admin');
  gtag = await startGtagStandin();
  process.env['GA_SCRIPT_BASE'] = gtag.url;
  site = createServer((req, res) => {
    void call(req.method ?? 'GET', req.url ?? '/').then((answer) => {
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
      res.end(answer.text);
    });
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterAll(async () => {
  if (savedBase === undefined) delete process.env['GA_SCRIPT_BASE'];
  else process.env['GA_SCRIPT_BASE'] = savedBase;
  await gtag.close();
  site.closeAllConnections();
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

beforeEach(async () => {
  await db.deleteFrom('apiKeys').where('integrationType', '=', 'google_analytics').execute();
});

describe('Google Analytics in the console', () => {
  it('takes a measurement ID (stored upper case) and refuses anything else, with the same message as the dialog', async () => {
    for (const bad of ['ya29.an-oauth-token', 'UA-12345-1', 'G-', 'G-AB', 'G-ABC$123']) {
      const res = await add(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.detail).toMatch(/Measurement ID must look like G-XXXXXXX/);
    }
    const ok = await add(' g-abc1234xyz ');
    expect(ok.status).toBe(200);
    expect(ok.body.data.is_primary).toBe(true);
    expect((await settings()).analytics).toEqual({ measurement_id: 'G-ABC1234XYZ', script_origin: gtag.url });
  });

  it('shows the ID in full (it is public, in every page) and takes no limits or expiry', async () => {
    const form = new FormData();
    form.set('key_name', 'Website');
    form.set('api_key', 'G-SHOWN0001');
    form.set('daily_limit', '100');
    form.set('expires_at', '2099-01-01');
    const res = await call('POST', '/api/admin/config/api-keys?integration_type=google_analytics', {
      rawBody: form,
      token: admin.token,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ api_key: 'G-SHOWN0001', daily_limit: null, expires_at: null });
    const listed = await callRoute(ROUTES.adminApiKeys, { params: { integration: 'google_analytics' }, as: admin });
    expect(listed.body.data.map((k: { api_key: string }) => k.api_key)).toEqual(['G-SHOWN0001']);
    const replaced = await callRoute(ROUTES.adminApiKeyReplace, {
      params: { id: res.body.data.id },
      body: { api_key: 'g-shown0002' },
      as: admin,
    });
    expect(replaced.body.data.api_key).toBe('G-SHOWN0002');
  });

  it('replaces the ID in place (checked the same way) and removes it after which the site has none', async () => {
    const added = await add('G-FIRST0001');
    const id = added.body.data.id as string;
    const refused = await callRoute(ROUTES.adminApiKeyReplace, {
      params: { id },
      body: { api_key: 'not-an-id' },
      as: admin,
    });
    expect(refused.status).toBe(400);
    expect(detailOf(refused)).toMatch(/Measurement ID must look like G-XXXXXXX/);
    expect((await settings()).analytics).toMatchObject({ measurement_id: 'G-FIRST0001' });

    const replaced = await callRoute(ROUTES.adminApiKeyReplace, {
      params: { id },
      body: { api_key: 'g-second002' },
      as: admin,
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.is_primary).toBe(true);
    expect((await settings()).analytics).toMatchObject({ measurement_id: 'G-SECOND002' });

    const removed = await callRoute(ROUTES.adminApiKeyDelete, { params: { id }, as: admin });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toMatch(/no active Google Analytics key is left/);
    expect((await settings()).analytics).toBeNull();
  });

  it('refuses every change to non-admins and visitors', async () => {
    const pilot = await createUser('pilot');
    const mechanic = await createUser('mechanic', { mechanicStatus: 'approved' });
    const added = await add('G-ADMIN0001');
    const id = added.body.data.id as string;
    for (const user of [pilot, mechanic]) {
      expect((await add('G-OTHER0001', user.token)).status).toBe(403);
      expect(
        (await callRoute(ROUTES.adminApiKeyReplace, { params: { id }, body: { api_key: 'G-OTHER0002' }, as: user }))
          .status,
      ).toBe(403);
      expect((await callRoute(ROUTES.adminApiKeyDelete, { params: { id }, as: user })).status).toBe(403);
    }
    expect((await add('G-OTHER0003', '')).status).toBe(401);
    expect((await callRoute(ROUTES.adminApiKeyDelete, { params: { id } })).status).toBe(401);
    expect((await settings()).analytics).toMatchObject({ measurement_id: 'G-ADMIN0001' });
  });

  it('a key saved before IDs were checked is no ID: no analytics, and its Test says why', async () => {
    const added = await add('G-LEGACY001');
    await db
      .updateTable('apiKeys')
      .set({
        apiKeyEncrypted: (await import('../../src/server/crypto.server.ts')).encryptSecret('ya29.old-oauth-token'),
      })
      .where('id', '=', added.body.data.id)
      .execute();
    expect((await settings()).analytics).toBeNull();
    const test = await callRoute(ROUTES.adminTestIntegration, {
      params: { integration: 'google_analytics' },
      as: admin,
    });
    expect((test.body as { data?: unknown }).data ?? test.body).toMatchObject({ success: false });
  });

  it("Test loads Google's tag for the ID from the tag host", async () => {
    await add('G-TESTED001');
    gtag.hits.length = 0;
    const test = await callRoute(ROUTES.adminTestIntegration, {
      params: { integration: 'google_analytics' },
      as: admin,
    });
    expect(test.status).toBe(200);
    expect(JSON.stringify(test.body)).toMatch(/Google's tag for G-TESTED001 loads/);
    expect(gtag.hits.map((h) => `${h.path}?id=${h.query['id']}`)).toEqual(['/gtag/js?id=G-TESTED001']);
  });
});

describe("the public pages' content policy", () => {
  it('names the tag host (script, connect, img) only while an ID is set', async () => {
    const strict = await homePolicy();
    expect(strict).toBe(contentSecurityPolicy());
    expect(strict).not.toContain(gtag.url);

    await add('G-POLICY001');
    const widened = await homePolicy();
    for (const directive of ['script-src', 'connect-src', 'img-src'])
      expect(widened, directive).toMatch(new RegExp(`${directive} [^;]*${gtag.url.replace(/[.:/]/g, '\\$&')}`));
    // Nothing broader: the other directives are untouched.
    expect(widened.replace(/ http:\/\/127\.0\.0\.1:\d+/g, '')).toBe(strict);

    await db.deleteFrom('apiKeys').where('integrationType', '=', 'google_analytics').execute();
    expect(await homePolicy()).toBe(contentSecurityPolicy());
  });

  it("names Google's own hosts in production, and nothing wider than GA4's collection hosts", async () => {
    delete process.env['GA_SCRIPT_BASE'];
    try {
      await add('G-PROD00001');
      const policy = await homePolicy();
      expect(policy).toContain("script-src 'self' https://www.googletagmanager.com;");
      expect(policy).toContain(
        "connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com https://www.googletagmanager.com;",
      );
      expect(policy).toContain(
        "img-src 'self' data: blob: https://*.google-analytics.com https://www.googletagmanager.com;",
      );
      expect(policy).not.toMatch(/https:\/\/\*\.google\.com|https:\/\/\*\.googletagmanager\.com|\*;/);
    } finally {
      process.env['GA_SCRIPT_BASE'] = gtag.url;
    }
  });

  it("gives a page that reached the edge without netlify.toml's headers the strict policy, with or without an ID", async () => {
    const html = '<!doctype html><title>Home</title><script>window.x = 1</script>';
    const bare = () => new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
    const strict = contentSecurityPolicy(inlineScriptHashes(html));
    const without = await analyticsCsp(new Request(`${siteUrl}/`), { next: () => Promise.resolve(bare()) });
    expect(without.headers.get('content-security-policy')).toBe(strict);
    expect(without.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await without.text()).toBe(html);
    await add('G-BARE0001');
    const withId = await analyticsCsp(new Request(`${siteUrl}/blog`), { next: () => Promise.resolve(bare()) });
    const policy = withId.headers.get('content-security-policy') ?? '';
    expect(policy).toContain(strict.split(';')[0]!);
    // The tag's origin (here the local stand-in for Google's) is added to the strict policy.
    expect(policy).toContain(new URL(gtag.url).origin);
    expect(policy).not.toBe(strict);
  });

  it('leaves the dashboards and the console alone', async () => {
    await add('G-CONSOLE01');
    for (const path of ['/admin', '/dashboard', '/login']) {
      const page = new Response('<!doctype html>', {
        headers: { 'content-type': 'text/html', 'content-security-policy': contentSecurityPolicy() },
      });
      const res = await analyticsCsp(new Request(`${siteUrl}${path}`), { next: () => Promise.resolve(page) });
      expect(res.headers.get('content-security-policy'), path).toBe(contentSecurityPolicy());
    }
  });
});

describe('the business hours in the home page as served', () => {
  const FOOTER =
    '<li id="business-hours" class="flex items-start gap-2" hidden><svg></svg><div><p>Office hours (<span data-time-zone></span>)</p><ul class="mt-1 space-y-0.5"></ul></div></li>';
  const LD =
    '<script type="application/ld+json">{"@context":"https://schema.org","@type":"LocalBusiness","name":"S"}</script>';
  const served = async () => {
    const page = new Response(`<!doctype html><title>Home</title>${LD}<footer>${FOOTER}</footer>`, {
      headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': contentSecurityPolicy() },
    });
    const res = await analyticsCsp(new Request(`${siteUrl}/`), { next: () => Promise.resolve(page) });
    return res.text();
  };

  it('are in the HTML a crawler reads, with the opening hours in the LocalBusiness data', async () => {
    const html = await served();
    expect(html).toContain('<li id="business-hours" class="flex items-start gap-2">');
    expect(html).toContain('<span data-time-zone>Pacific time</span>');
    expect(html).toContain('<li>Mon-Fri: 7:00 AM-6:00 PM</li>');
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!);
    expect(ld.openingHoursSpecification).toEqual(
      expect.arrayContaining([expect.objectContaining({ opens: '07:00', closes: '18:00' })]),
    );
  });
});
