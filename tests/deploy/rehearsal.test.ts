import { createHash, createHmac, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROOT } from '../../scripts/lib/paths.ts';
import { connectDb, type Db } from '../../src/server/db/client.ts';

// The deploy rehearsal's smoke suite (docs/decisions/0370): what a deploy would serve, asked over
// HTTP of the build Netlify's own CLI made and serves (`npm run deploy:rehearse` starts it and
// passes where everything is). Each check is one a visitor, a client or the platform would make.
const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run this suite through npm run deploy:rehearse`);
  return value;
};
/** The edge bundle under Deno, in front of netlify serve: where a visitor's request arrives. */
const origin = env('REHEARSAL_ORIGIN');
/** `netlify serve` itself: the origin the edge function's `context.next()` asks. */
const netlifyOrigin = env('REHEARSAL_NETLIFY_ORIGIN');
const mailUrl = env('REHEARSAL_MAIL_URL');
const gtagUrl = env('REHEARSAL_GTAG_URL');
const webhookSecret = env('LOCAL_STRIPE_STANDIN_WEBHOOK_SECRET');
const logins = JSON.parse(env('REHEARSAL_LOGINS')) as Array<{ role: string; email: string; password: string }>;
const login = (role: string) => logins.find((l) => l.role === role)!;
let db: Db;

interface RawAnswer {
  status: number;
  /** Every header line as sent, names lower-cased, repeated names kept apart. */
  lines: Array<[string, string]>;
  body: string;
}

/** A GET over node:http, which keeps each header line as sent (fetch joins repeated ones). */
function rawGet(pathname: string, base = origin): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(pathname, base), { headers: { accept: 'text/html' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        const lines: Array<[string, string]> = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          lines.push([res.rawHeaders[i]!.toLowerCase(), res.rawHeaders[i + 1]!]);
        resolve({ status: res.statusCode ?? 0, lines, body });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
const headerValues = (answer: RawAnswer, name: string) => answer.lines.filter(([n]) => n === name).map(([, v]) => v);

async function json(method: string, pathname: string, body?: unknown, token?: string) {
  const res = await fetch(new URL(pathname, origin), {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? null : body instanceof FormData ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: res.status, headers: res.headers, text, body: parsed as never };
}

async function signIn(role: string): Promise<string> {
  const { email, password } = login(role);
  const res = await json('POST', '/api/auth/login', { email, password });
  expect(res.status, res.text).toBe(200);
  return (res.body as { access_token: string }).access_token;
}

let articlePath: string;
const shown: string[] = [];

beforeAll(async () => {
  db = connectDb(env('REHEARSAL_DATABASE_URL'));
  const posts = await json('GET', '/api/blog/posts?limit=1');
  expect(posts.status, posts.text).toBe(200);
  const [first] = (posts.body as { data: Array<{ slug: string }> }).data;
  articlePath = `/blog/${first!.slug}`;
});

afterAll(async () => {
  await db.destroy();
  const file = path.join(ROOT, '.data/deploy-rehearsal/page-headers.txt');
  writeFileSync(file, shown.join('\n'));
  console.log(`\n${shown.join('\n')}\n(also in ${path.relative(ROOT, file)})`);
});

/** Each public page once: one content policy, the security headers, and the policy's hosts. */
async function checkPages(label: string, expectAnalytics: boolean) {
  for (const pathname of ['/', '/blog', articlePath]) {
    const page = await rawGet(pathname);
    expect(page.status, pathname).toBe(200);
    shown.push(`--- GET ${pathname} (${label}) -> ${page.status}`);
    for (const [name, value] of page.lines) if (name !== 'date' && name !== 'etag') shown.push(`${name}: ${value}`);
    const policies = headerValues(page, 'content-security-policy');
    // One header line holding one policy: two lines, or two policies joined by a comma, are both
    // enforced by a browser, and the stricter one would block the tag.
    expect(policies, `${pathname}: ${policies.join(' | ')}`).toHaveLength(1);
    expect(policies[0]!.split(/,\s*default-src/)).toHaveLength(1);
    expect(policies[0]).toContain("frame-ancestors 'none'");
    expect(headerValues(page, 'strict-transport-security')).toEqual(['max-age=31536000; includeSubDomains']);
    expect(headerValues(page, 'x-content-type-options')).toEqual(['nosniff']);
    expect(headerValues(page, 'x-frame-options')).toEqual(['DENY']);
    if (expectAnalytics) {
      expect(policies[0], pathname).toContain(gtagUrl);
      expect(page.body).toMatch(/analytics/i);
    } else {
      expect(policies[0], pathname).not.toContain(gtagUrl);
      expect(policies[0], pathname).not.toMatch(/googletagmanager|google-analytics/);
    }
    // Every inline script of the page is allowed by the policy it came with. A data block (the
    // JSON-LD) is never run, so no policy governs it.
    for (const [, attributes, script] of page.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)) {
      const type = /\btype="([^"]*)"/.exec(attributes!)?.[1];
      if (type && type !== 'module' && !/javascript/.test(type)) continue;
      if (!script!.trim()) continue;
      const digest = createHash('sha256').update(script!).digest('base64');
      expect(policies[0], `${pathname}: inline script sha256-${digest}`).toContain(`'sha256-${digest}'`);
    }
  }
}

describe('the public pages as Netlify serves them', () => {
  it('send one strict content policy without an analytics ID', async () => {
    await checkPages('no analytics ID', false);
  });

  it("come from netlify serve with netlify.toml's one policy, which the edge function keeps", async () => {
    const page = await rawGet('/', netlifyOrigin);
    expect(page.status).toBe(200);
    shown.push(`--- GET / from netlify serve, before the edge function -> ${page.status}`);
    for (const [name, value] of page.lines) if (name !== 'date' && name !== 'etag') shown.push(`${name}: ${value}`);
    const toml = readFileSync(path.join(ROOT, 'netlify.toml'), 'utf8');
    const policy = /Content-Security-Policy = "([^"]+)"/.exec(toml)![1]!;
    expect(headerValues(page, 'content-security-policy')).toEqual([policy]);
    expect(headerValues(await rawGet('/'), 'content-security-policy')).toEqual([policy]);
  });

  it('name the analytics hosts, in the same one policy, once an ID is set in the console', async () => {
    const admin = await signIn('admin');
    const form = new FormData();
    form.set('key_name', 'Website');
    form.set('api_key', 'G-REHEARSE1');
    const added = await json('POST', '/api/admin/config/api-keys?integration_type=google_analytics', form, admin);
    expect(added.status, added.text).toBe(200);
    const keyId = (added.body as { data: { id: string } }).data.id;
    try {
      // The key's write purged the settings the CDN kept: this read asks the function again, and
      // the CDN keeps its answer for the pages' edge function to read.
      const settings = await json('GET', '/api/site/settings');
      expect((settings.body as { data: { analytics: unknown } }).data.analytics).toEqual({
        measurement_id: 'G-REHEARSE1',
        script_origin: gtagUrl,
      });
      await checkPages('analytics ID G-REHEARSE1 set', true);
    } finally {
      const removed = await json('DELETE', `/api/admin/config/api-keys/${keyId}`, undefined, admin);
      expect(removed.status, removed.text).toBe(200);
    }
    // Its removal purged them again: the pages go back to the strict policy at once, not in a day.
    await json('GET', '/api/site/settings');
    for (const pathname of ['/', '/blog', articlePath])
      expect(headerValues(await rawGet(pathname), 'content-security-policy')[0], pathname).not.toContain(gtagUrl);
  });

  it("keep the public settings at the CDN, as Netlify's does, without showing its headers", async () => {
    await json('GET', '/api/site/settings');
    const again = await json('GET', '/api/site/settings');
    expect(again.status).toBe(200);
    expect(again.headers.get('cache-status')).toMatch(/hit/);
    for (const name of ['netlify-cdn-cache-control', 'netlify-cache-tag', 'cache-tag'])
      expect(again.headers.get(name), name).toBeNull();
  });

  it('serve the hashed assets, deployed as immutable, and unknown paths as 404', async () => {
    const home = await rawGet('/');
    const asset = /(?:src|href)="(\/_astro\/[^"]+)"/.exec(home.body)?.[1];
    expect(asset).toBeDefined();
    const res = await rawGet(asset!);
    expect(res.status).toBe(200);
    // netlify serve's static server sends its own `cache-control` over netlify.toml's (0371): what
    // a deploy would send is the rule in the configuration the build resolved for it.
    shown.push(`--- GET ${asset} -> ${res.status}, cache-control: ${headerValues(res, 'cache-control').join(' | ')}`);
    const deployed = readFileSync(path.join(ROOT, '.netlify/netlify.toml'), 'utf8');
    expect(deployed).toMatch(
      /for = "\/_astro\/\*"\s+\[headers\.values\]\s+Cache-Control = "public, max-age=31536000, immutable"/,
    );
    expect((await rawGet('/no-such-page-here')).status).toBe(404);
  });
});

describe('the API through the bundled functions and the Neon driver', () => {
  it('answers an /api path no function declares with a JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await json(method, '/api/no-such-thing', method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(res.status, `${method}: ${res.text}`).toBe(404);
      expect(res.body, method).toEqual({ detail: 'Not found' });
    }
  });

  it('answers the public reads', async () => {
    const health = await json('GET', '/api/health');
    expect(health.status, health.text).toBe(200);
    expect(health.body).toEqual({ database: 'ok' });
    const categories = await json('GET', '/api/blog/categories');
    expect(categories.status, categories.text).toBe(200);
    const post = await json('GET', `/api/blog/posts/${articlePath.slice('/blog/'.length)}`);
    expect(post.status, post.text).toBe(200);
    const bad = await json('POST', '/api/quotes', { firstName: '' });
    expect(bad.status).toBe(400);
    expect(typeof (bad.body as { detail: string }).detail).toBe('string');
  });

  it('signs in, and refuses a wrong password', async () => {
    const token = await signIn('pilot');
    const me = await json('GET', '/api/auth/me', undefined, token);
    expect(me.status, me.text).toBe(200);
    expect(JSON.stringify(me.body)).toContain(login('pilot').email);
    const wrong = await json('POST', '/api/auth/login', { email: login('pilot').email, password: 'Wrong-Horse-9' });
    expect(wrong.status).toBe(401);
  });

  it('takes a quote request, and the scheduled outbox delivery sends its email', async () => {
    const email = `rehearsal-${randomBytes(4).toString('hex')}@example.com`;
    const quote = await json('POST', '/api/quotes', {
      firstName: 'Rehearsal',
      lastName: 'Visitor',
      returnEmail: email,
      returnPhone: '(415) 555-0100',
      aircraftMake: 'Cessna',
      aircraftModel: '172S',
      registrationNumber: 'N172RH',
      totalHours: '4200',
      aircraftType: 'single-engine',
      serviceType: 'annual',
      preferredTimeframe: '2-weeks',
      location: 'KSQL',
      lastInvoiceAmount: '2500',
      currentProvider: 'Bay Aero',
      message: 'Annual due.',
      scheduleConsultation: false,
      emailUpdates: true,
    });
    expect(quote.status, quote.text).toBe(200);
    // The scheduled function, invoked as Netlify's runtime invokes it locally.
    const run = await fetch(new URL('/.netlify/functions/deliver-outbox', origin), { method: 'POST' });
    expect(run.status).toBeLessThan(300);
    await vi.waitFor(
      async () => {
        const messages = (await (await fetch(new URL('/messages.json', mailUrl))).json()) as Array<{ to: string[] }>;
        expect(messages.some((m) => JSON.stringify(m.to).includes(email))).toBe(true);
      },
      { timeout: 15_000, interval: 250 },
    );
    const row = await db.selectFrom('outbox').select('status').where('toAddress', '=', email).executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
  });

  it('declares the scheduled functions in the deploy bundle', () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, '.netlify/functions/manifest.json'), 'utf8')) as {
      functions: Array<{ name: string; schedule?: string }>;
    };
    const schedules = Object.fromEntries(manifest.functions.filter((f) => f.schedule).map((f) => [f.name, f.schedule]));
    expect(schedules).toEqual({
      'aog-escalation': '* * * * *',
      'booking-reminders': '*/15 * * * *',
      'cleanup-uploads': '@hourly',
      'complete-matching': '* * * * *',
      'conversation-digest': '* * * * *',
      'deliver-outbox': '* * * * *',
      'maintenance-reminders': '@hourly',
      'payments-settle': '*/5 * * * *',
    });
  });

  it("takes a pilot's service request, matched to the demo mechanic", async () => {
    const token = await signIn('pilot');
    const res = await json(
      'POST',
      '/api/enhanced/quotes',
      {
        aircraftMake: 'Cessna',
        aircraftModel: '172S Skyhawk',
        aircraftYear: '2008',
        aircraftTailNumber: `N${(randomBytes(2).readUInt16BE() % 9000) + 1000}R`,
        aircraftTotalHours: '2100.5',
        aircraftLocation: 'KSQL',
        serviceType: 'annual_inspection',
        serviceDescription: 'Annual inspection due next month; rehearsal of the deploy.',
        urgencyLevel: 'normal',
        preferredStartDate: '2030-05-01',
        serviceLocation: 'KSQL',
        customerWillTravel: false,
        maxTravelDistance: '50',
        estimatedBudget: '2500',
      },
      token,
    );
    expect(res.status, res.text).toBe(201);
    expect((res.body as { status: string }).status).toBe('matched');
  });

  it('takes a signed Stripe webhook and refuses a forged one', async () => {
    const mechanic = await signIn('mechanic');
    const link = await json('POST', '/api/payments/connect', undefined, mechanic);
    expect(link.status, link.text).toBe(200);
    const { accountId } = await db
      .selectFrom('connectedAccounts')
      .innerJoin('users', 'users.id', 'connectedAccounts.userId')
      .select('accountId')
      .where('users.email', '=', login('mechanic').email)
      .executeTakeFirstOrThrow();
    const event = {
      id: `evt_rehearsal_${randomBytes(6).toString('hex')}`,
      object: 'event',
      type: 'account.updated',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: accountId, object: 'account', charges_enabled: true, payouts_enabled: true } },
    };
    const payload = JSON.stringify(event);
    const sign = (secret: string) => {
      const t = Math.floor(Date.now() / 1000);
      return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
    };
    const post = (signature: string) =>
      fetch(new URL('/api/payments/webhook', origin), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
    // Answered by payments-webhook itself, never by the ssr function's JSON 404 (0476).
    const forged = await post(sign('whsec_not_the_secret'));
    expect(forged.status).toBe(400);
    expect(await forged.text()).toMatch(/Invalid Stripe-Signature/);
    const ok = await post(sign(webhookSecret));
    expect(ok.status, await ok.text()).toBe(200);
    const stored = await db
      .selectFrom('stripeWebhookEvents')
      .select('id')
      .where('id', '=', event.id)
      .executeTakeFirst();
    expect(stored).toBeDefined();
    const view = await json('GET', '/api/payments/connect', undefined, mechanic);
    expect((view.body as { status: string }).status).toBe('ready');
  });

  it('writes a document to Netlify Blobs and reads it back', async () => {
    const token = await signIn('pilot');
    const bytes = Buffer.from(`Rehearsal ${randomBytes(2048).toString('hex')}\n`);
    const form = new FormData();
    form.set('file', new File([bytes], 'rehearsal.txt', { type: 'text/plain' }));
    form.set('title', 'Rehearsal file');
    const up = await json('POST', '/api/enhanced/documents/upload', form, token);
    expect(up.status, up.text).toBeLessThan(300);
    const id = (up.body as { id: string }).id;
    const down = await fetch(new URL(`/api/enhanced/documents/${id}/download`, origin), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(down.status).toBe(200);
    expect(Buffer.from(await down.arrayBuffer()).equals(bytes)).toBe(true);
  });
});
