import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, call } from '../helpers/api.ts';
import { testDb } from '../helpers/db.ts';
import { FAKE_CREDENTIALS, startFakeProviders, type FakeProviders } from '../helpers/fake-providers.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';

// API keys of twilio, mailchimp, stripe and google_calendar; rotation has its own file (google_analytics).

let admin: TestUser;
let fake: FakeProviders;
const savedEnv = { ...process.env };

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

async function addKey(integration: string, fields: Record<string, string>) {
  return call('POST', `/api/admin/config/api-keys?integration_type=${integration}`, {
    rawBody: form(fields),
    token: admin.token,
  });
}

async function clearKeys(integration: string) {
  await testDb()
    .deleteFrom('apiKeys')
    .where('integrationType', '=', integration as never)
    .execute();
}

beforeAll(async () => {
  admin = await createUser('admin');
  fake = await startFakeProviders({ slowMs: 1500 });
  Object.assign(process.env, fake.env(), { PROVIDER_TIMEOUT_MS: '300' });
});
afterAll(async () => {
  process.env = savedEnv;
  await fake.close();
});
beforeEach(() => fake.reset());

describe('POST /api/admin/config/api-keys', () => {
  it('stores the key and secret encrypted and answers a masked key', async () => {
    await clearKeys('stripe');
    const secret = 'whsec_0123456789abcdefSECRET';
    const res = await addKey('stripe', {
      key_name: 'Stripe live',
      api_key: 'sk_live_51Habcdefghijklmnop1234',
      api_secret: secret,
      is_primary: 'true',
      priority: '2',
      daily_limit: '1000',
      additional_config: '{"account":"acct_1"}',
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const key = res.body.data;
    expect(key).toMatchObject({
      integration_type: 'stripe',
      key_name: 'Stripe live',
      api_key: 'sk_l••••••••1234',
      has_secret: true,
      is_primary: true,
      priority: 2,
      daily_limit: 1000,
      monthly_limit: null,
      additional_config: { account: 'acct_1' },
      status: 'active',
      usage_count: 0,
    });
    expect(res.text).not.toContain('sk_live_51Habcdefghijklmnop1234');
    expect(res.text).not.toContain(secret);

    const row = await testDb().selectFrom('apiKeys').selectAll().where('id', '=', key.id).executeTakeFirstOrThrow();
    const stored = JSON.stringify(row);
    expect(stored).not.toContain('sk_live_51Habcdefghijklmnop1234');
    expect(stored).not.toContain(secret);
    expect(row.apiKeyEncrypted).toMatch(/^v1:[^:]+:[^:]+:[^:]+$/);
    expect(row.apiSecretEncrypted).toMatch(/^v1:/);

    const list = await callRoute(ROUTES.adminApiKeys, { params: { integration: 'stripe' }, as: admin });
    expect(list.status).toBe(200);
    expect(list.body.data.map((k) => k.api_key)).toEqual(['sk_l••••••••1234']);
    expect(list.text).not.toContain(secret);
  });

  it('reads a browser multipart body (mixed-case boundary)', async () => {
    await clearKeys('mailchimp');
    const boundary = '----WebKitFormBoundary3iuplzzfSAx3JLWt';
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const res = await call('POST', '/api/admin/config/api-keys?integration_type=mailchimp', {
      rawBody: `${part('key_name', 'Browser')}${part('api_key', 'md-browser-key-0123456789')}${part('is_primary', 'false')}--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      token: admin.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ key_name: 'Browser', api_key: 'md-b••••••••6789', is_primary: true });
  });

  it('accepts urlencoded and JSON bodies, with defaults for what is not sent', async () => {
    await clearKeys('mailchimp');
    const urlencoded = await call('POST', '/api/admin/config/api-keys?integration_type=mailchimp', {
      rawBody: new URLSearchParams({ key_name: 'Mandrill', api_key: 'md-abcdefghijklmnop' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      token: admin.token,
    });
    expect(urlencoded.status).toBe(200);
    expect(urlencoded.body.data).toMatchObject({
      priority: 1,
      has_secret: false,
      additional_config: {},
      daily_limit: null,
      is_primary: true,
    });
    const json = await callRoute(ROUTES.adminApiKeyCreate, {
      query: { integration_type: 'mailchimp' },
      body: { key_name: 'Backup', api_key: 'md-backup-key-123456', priority: 3 },
      as: admin,
    });
    expect(json.status).toBe(200);
    expect(json.body.data).toMatchObject({ priority: 3, is_primary: false });
  });

  it('keeps one primary per integration', async () => {
    await clearKeys('twilio');
    const first = await addKey('twilio', {
      key_name: 'A',
      api_key: 'AC11111111111111111111111111111111',
      api_secret: 'tok',
    });
    expect(first.body.data.is_primary).toBe(true); // the first active key becomes primary
    const second = await addKey('twilio', {
      key_name: 'B',
      api_key: 'AC22222222222222222222222222222222',
      api_secret: 'tok',
    });
    expect(second.body.data.is_primary).toBe(false);
    const third = await addKey('twilio', {
      key_name: 'C',
      api_key: 'AC33333333333333333333333333333333',
      api_secret: 'tok',
      is_primary: 'true',
    });
    expect(third.body.data.is_primary).toBe(true);
    const list = await callRoute(ROUTES.adminApiKeys, { params: { integration: 'twilio' }, as: admin });
    expect(list.body.data.filter((k) => k.is_primary).map((k) => k.key_name)).toEqual(['C']);
  });

  it('refuses bad input with a clear detail', async () => {
    const cases: [string, Record<string, string>, RegExp][] = [
      ['twilio', { api_key: 'x' }, /^Key name is required$/],
      ['twilio', { key_name: 'x' }, /^API key is required$/],
      ['twilio', { key_name: 'x', api_key: 'y', priority: '0' }, /^Priority must be between 1 and/],
      ['twilio', { key_name: 'x', api_key: 'y', priority: 'abc' }, /^Priority must be a whole number$/],
      ['twilio', { key_name: 'x', api_key: 'y', additional_config: '{bad' }, /^Additional config must be valid JSON$/],
      ['twilio', { key_name: 'x', api_key: 'y', additional_config: '[1,2]' }, /must be a JSON object/],
      ['twilio', { key_name: 'x', api_key: 'y', is_primary: 'maybe' }, /is_primary must be true or false/],
      [
        'paypal',
        { key_name: 'x', api_key: 'y' },
        /^Integration type must be one of: twilio, mailchimp, smtp, google_calendar, stripe, google_analytics, apollo$/,
      ],
    ];
    for (const [integration, fields, detail] of cases) {
      const res = await addKey(integration, fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.detail).toMatch(detail);
    }
    const noType = await call('POST', '/api/admin/config/api-keys', {
      rawBody: form({ key_name: 'x', api_key: 'y' }),
      token: admin.token,
    });
    expect(noType.status).toBe(400);
    expect(noType.body.detail).toBe('Integration type is required');
  });

  it('answers 400 for an unknown integration in the list', async () => {
    const res = await callRoute(ROUTES.adminApiKeys, { params: { integration: 'paypal' }, as: admin });
    expect(res.status).toBe(400);
    expect(detailOf(res)).toMatch(/Integration type must be one of/);
  });
});

describe('priorities within an integration', () => {
  it('are unique: a key added at a taken priority takes it and the others move down one, in order', async () => {
    await clearKeys('google_calendar');
    const first = (
      await addKey('google_calendar', { key_name: 'First', api_key: 'token-1111111111111111', priority: '1' })
    ).body.data;
    const second = (
      await addKey('google_calendar', { key_name: 'Second', api_key: 'token-2222222222222222', priority: '2' })
    ).body.data;
    const urgent = await addKey('google_calendar', {
      key_name: 'Urgent',
      api_key: 'token-3333333333333333',
      priority: '1',
    });
    expect(urgent.status).toBe(200);
    expect(urgent.body.data.priority).toBe(1);
    const list = await callRoute(ROUTES.adminApiKeys, { params: { integration: 'google_calendar' }, as: admin });
    const priorities = Object.fromEntries(
      list.body.data.map((k: { key_name: string; priority: number }) => [k.key_name, k.priority]),
    );
    expect(priorities).toEqual({ Urgent: 1, First: 2, Second: 3 });
    // The primary does not change by being moved down.
    expect(list.body.data.find((k: { id: string }) => k.id === first.id)!.is_primary).toBe(true);
    expect(second.is_primary).toBe(false);
  });
});

describe('PUT /api/admin/config/api-keys/{id}/status', () => {
  it('deactivates (handing primary to the next key) and activates', async () => {
    await clearKeys('google_calendar');
    const a = (await addKey('google_calendar', { key_name: 'A', api_key: 'token-aaaaaaaaaaaaaaaa' })).body.data;
    const b = (await addKey('google_calendar', { key_name: 'B', api_key: 'token-bbbbbbbbbbbbbbbb', priority: '2' }))
      .body.data;
    expect(a.is_primary).toBe(true);

    const off = await callRoute(ROUTES.adminApiKeyStatus, {
      params: { id: a.id },
      query: { status: 'inactive' },
      as: admin,
    });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ id: a.id, status: 'inactive', is_primary: false });
    const list = await callRoute(ROUTES.adminApiKeys, { params: { integration: 'google_calendar' }, as: admin });
    expect(list.body.data.find((k) => k.id === b.id)!.is_primary).toBe(true);

    const on = await callRoute(ROUTES.adminApiKeyStatus, {
      params: { id: a.id },
      query: { status: 'active' },
      as: admin,
    });
    expect(on.body.data).toMatchObject({ status: 'active', is_primary: false });
  });

  it('an expiry typed as a day lasts through that day in California; a key past it is refused by that day', async () => {
    await clearKeys('google_calendar');
    // The end of the day at the business: 23:59:59 Pacific, standard time in winter, daylight in summer.
    const winter = await addKey('google_calendar', {
      key_name: 'Winter',
      api_key: 'token-wwwwwwwwwwwwwwww',
      expires_at: '2099-12-31',
    });
    const summer = await addKey('google_calendar', {
      key_name: 'Summer',
      api_key: 'token-ssssssssssssssss',
      priority: '2',
      expires_at: '2099-07-04',
    });
    expect(winter.body.data.expires_at).toBe('2100-01-01T07:59:59.000Z');
    expect(summer.body.data.expires_at).toBe('2099-07-05T06:59:59.000Z');

    // A day that is not in the calendar is refused, not moved into March.
    const feb30 = await addKey('google_calendar', {
      key_name: 'Feb 30',
      api_key: 'token-ffffffffffffffff',
      expires_at: '2099-02-30',
    });
    expect(feb30.status).toBe(400);
    expect(feb30.body.detail).toBe('Expiry date must be a date like 2026-12-31');

    // A key that lasted through Dec 31, 2025 at the business ended at 07:59:59 UTC on Jan 1: the
    // refusal to switch it on gives the day it was typed as, with its zone.
    await testDb()
      .updateTable('apiKeys')
      .set({ expiresAt: new Date('2026-01-01T07:59:59Z'), status: 'inactive', isPrimary: false })
      .where('id', '=', winter.body.data.id)
      .execute();
    const on = await callRoute(ROUTES.adminApiKeyStatus, {
      params: { id: winter.body.data.id },
      query: { status: 'active' },
      as: admin,
    });
    expect(on.status).toBe(409);
    expect(detailOf(on)).toBe('This key expired on Dec 31, 2025, Pacific time: add a new key instead');
  });

  it('refuses a bad status, a bad id and an unknown key', async () => {
    const bad = await callRoute(ROUTES.adminApiKeyStatus, {
      params: { id: '00000000-0000-4000-8000-000000000000' },
      query: { status: 'expired' },
      as: admin,
    });
    expect(bad.status).toBe(400);
    expect(detailOf(bad)).toBe('status must be active or inactive');
    const notUuid = await callRoute(ROUTES.adminApiKeyStatus, {
      params: { id: 'not-a-uuid' },
      query: { status: 'active' },
      as: admin,
    });
    expect(notUuid.status).toBe(404);
    const unknown = await callRoute(ROUTES.adminApiKeyStatus, {
      params: { id: '00000000-0000-4000-8000-000000000000' },
      query: { status: 'active' },
      as: admin,
    });
    expect(unknown.status).toBe(404);
    expect(detailOf(unknown)).toBe('API key not found');
  });
});

describe('POST /api/admin/config/test-integration/{integration}', () => {
  const test = (integration: string, keyId?: string) =>
    api.post(`/api/admin/config/test-integration/${integration}${keyId ? `?key_id=${keyId}` : ''}`, undefined, {
      token: admin.token,
    });

  it('passes Stripe with the decrypted primary key, sent as a bearer token', async () => {
    await clearKeys('stripe');
    const key = (
      await addKey('stripe', {
        key_name: 'Good',
        api_key: FAKE_CREDENTIALS.stripe.key,
        api_secret: 'whsec_fake',
        is_primary: 'true',
      })
    ).body.data;
    const res = await test('stripe');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Stripe integration test passed: balance read in test mode' });
    expect(fake.requests[0]).toMatchObject({ provider: 'stripe', path: '/v1/balance' });
    expect(fake.requests[0]!.headers.authorization).toBe(`Bearer ${FAKE_CREDENTIALS.stripe.key}`);
    const row = await testDb()
      .selectFrom('apiKeys')
      .select(['lastTestOk', 'lastTestedAt'])
      .where('id', '=', key.id)
      .executeTakeFirstOrThrow();
    expect(row.lastTestOk).toBe(true);
  });

  it('fails Stripe for a rejected key, a rate limit, a server error and a timeout, never with a 500', async () => {
    await clearKeys('stripe');
    const bad = (
      await addKey('stripe', { key_name: 'Bad', api_key: 'sk_test_wrong_key_123456789', api_secret: 'whsec_fake' })
    ).body.data;
    const rejected = await test('stripe', bad.id);
    expect(rejected.status).toBe(200);
    expect(rejected.body.success).toBe(false);
    expect(rejected.body.message).toMatch(/^Stripe integration test failed: Stripe rejected the API key \(HTTP 401\)/);

    await addKey('stripe', {
      key_name: 'Good',
      api_key: FAKE_CREDENTIALS.stripe.key,
      api_secret: 'whsec_fake',
      is_primary: 'true',
    });
    fake.modes.stripe = 'rate_limited';
    expect((await test('stripe')).body.message).toMatch(/rate limit reached/);
    fake.modes.stripe = 'server_error';
    expect((await test('stripe')).body.message).toMatch(/server error \(HTTP 503\)/);
    fake.modes.stripe = 'slow';
    const slow = await test('stripe');
    expect(slow.status).toBe(200);
    expect(slow.body).toMatchObject({
      success: false,
      message: expect.stringMatching(/did not answer within 0.3 seconds/),
    });
  });

  it('passes Twilio with Basic auth (Account SID and Auth Token) and fails without the token', async () => {
    await clearKeys('twilio');
    await addKey('twilio', {
      key_name: 'Main',
      api_key: FAKE_CREDENTIALS.twilio.sid,
      api_secret: FAKE_CREDENTIALS.twilio.token,
    });
    const ok = await test('twilio');
    expect(ok.body).toEqual({
      success: true,
      message: 'Twilio integration test passed: account "Skyward Test Account" is active',
    });
    expect(fake.requests[0]!.path).toBe(`/2010-04-01/Accounts/${FAKE_CREDENTIALS.twilio.sid}.json`);
    await clearKeys('twilio');
    await addKey('twilio', { key_name: 'No token', api_key: FAKE_CREDENTIALS.twilio.sid });
    expect((await test('twilio')).body).toMatchObject({
      success: false,
      message: expect.stringMatching(/needs the Auth Token/),
    });
  });

  it('pings Mailchimp Transactional and reads its Invalid_Key error', async () => {
    await clearKeys('mailchimp');
    await addKey('mailchimp', { key_name: 'Main', api_key: FAKE_CREDENTIALS.mailchimp.key });
    expect((await test('mailchimp')).body).toEqual({
      success: true,
      message: 'Mailchimp integration test passed: Mailchimp Transactional answered PONG!',
    });
    expect(JSON.parse(fake.requests[0]!.body)).toEqual({ key: FAKE_CREDENTIALS.mailchimp.key });
    fake.modes.mailchimp = 'unauthorized';
    expect((await test('mailchimp')).body.message).toMatch(
      /Mailchimp rejected the API key \(HTTP 500\) \(Invalid API key\)/,
    );
  });

  it('reads Google Calendar with an access token, or exchanges a refresh token first', async () => {
    await clearKeys('google_calendar');
    await addKey('google_calendar', { key_name: 'Token', api_key: FAKE_CREDENTIALS.google.accessToken });
    expect((await test('google_calendar')).body).toMatchObject({ success: true });
    const g = FAKE_CREDENTIALS.google;
    const refresh = (
      await addKey('google_calendar', {
        key_name: 'OAuth',
        api_key: g.refreshToken,
        api_secret: g.clientSecret,
        additional_config: JSON.stringify({ client_id: g.clientId }),
      })
    ).body.data;
    fake.reset();
    const viaRefresh = await test('google_calendar', refresh.id);
    expect(viaRefresh.body, viaRefresh.body.message).toMatchObject({ success: true });
    expect(fake.requests.map((r) => r.path)).toEqual(['/token', '/users/me/calendarList']);
  });

  it('answers success false when there is no active key', async () => {
    await clearKeys('twilio');
    const none = await test('twilio');
    expect(none.body).toEqual({
      success: false,
      message: 'Twilio integration test failed: no active Twilio API key. Add or activate one first.',
    });
  });
});
