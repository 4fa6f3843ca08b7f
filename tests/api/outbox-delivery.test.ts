import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliverDueMessages } from '../../src/features/messaging/deliver.server.ts';
import { MAX_DELIVERY_ATTEMPTS } from '../../src/features/messaging/retry-policy.ts';
import type { Db } from '../../src/server/db/client.ts';
import { call } from '../helpers/api.ts';
import { startFakeMessaging, type FakeMessaging } from '../helpers/fake-messaging.ts';
import { useIsolatedDatabase } from '../helpers/isolated-db.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute } from '../helpers/call-route.ts';

let db: Db;
let fake: FakeMessaging;
let admin: TestUser;

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

async function addKey(integration: string, fields: Record<string, string>) {
  const res = await call('POST', `/api/admin/config/api-keys?integration_type=${integration}`, {
    rawBody: form(fields),
    token: admin.token,
  });
  expect(res.status, res.text).toBeLessThan(300);
}

/** Makes every due message due now, as if the backoff had elapsed. */
const fastForward = () =>
  db
    .updateTable('outbox')
    .set({ nextAttemptAt: new Date(Date.now() - 1000) })
    .where('status', '=', 'pending')
    .execute();
const byAddress = (to: string) =>
  db.selectFrom('outbox').selectAll().where('toAddress', '=', to).executeTakeFirstOrThrow();

beforeAll(async () => {
  db = await useIsolatedDatabase();
  fake = await startFakeMessaging();
  process.env['MAILCHIMP_API_BASE'] = fake.url;
  process.env['TWILIO_API_BASE'] = fake.url;
  admin = await createUser('admin');
});

afterAll(async () => {
  await fake.close();
  await db.destroy();
});

beforeEach(() => {
  fake.failNext(0);
  fake.setDown(null);
});

describe('outbox delivery', () => {
  it('leaves messages waiting, visible to admins, while no provider is configured', async () => {
    const res = await callRoute(ROUTES.leadCapture, {
      body: {
        firstName: 'Wait',
        email: 'wait@example.com',
        source: 'popup_discount_offer',
      },
    });
    expect(res.status).toBe(200);
    const report = await deliverDueMessages(db);
    expect(report.waitingForProvider).toEqual(['email', 'sms']);
    expect((await byAddress('wait@example.com')).status).toBe('pending');
    const outbox = await callRoute(ROUTES.adminOutbox, { query: { status: 'pending' }, as: admin });
    expect(outbox.status).toBe(200);
    expect(outbox.body.data.map((m: { toAddress: string }) => m.toAddress)).toContain('wait@example.com');
  });

  it('sends queued emails through Mailchimp Transactional with the primary key', async () => {
    await addKey('mailchimp', { key_name: 'Production', api_key: 'md-valid-key', is_primary: 'true' });
    const report = await deliverDueMessages(db);
    expect(report.sent).toBeGreaterThanOrEqual(1);
    const row = await byAddress('wait@example.com');
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.providerMessageId).toMatch(/^md_/);
    const sent = fake.emails.filter((e) => e.to === 'wait@example.com');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toMatch(/25% discount/);
  });

  it('retries after a provider 500 and then succeeds', async () => {
    await callRoute(ROUTES.leadCapture, {
      body: { firstName: 'Retry', email: 'retry@example.com', source: 'popup_discount_offer' },
    });
    fake.failNext(1, 500);
    await deliverDueMessages(db);
    let row = await byAddress('retry@example.com');
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/Attempt 1: Mailchimp had a server error \(HTTP 500\)/);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);

    await deliverDueMessages(db); // not due yet: nothing happens
    expect((await byAddress('retry@example.com')).attempts).toBe(1);

    await fastForward();
    await deliverDueMessages(db);
    row = await byAddress('retry@example.com');
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(fake.emails.filter((e) => e.to === 'retry@example.com')).toHaveLength(1);
  });

  it('dead-letters a message after the last attempt, and an admin can retry it', async () => {
    await callRoute(ROUTES.leadCapture, {
      body: { firstName: 'Dead', email: 'dead@example.com', source: 'popup_discount_offer' },
    });
    fake.setDown(503);
    for (let i = 0; i < MAX_DELIVERY_ATTEMPTS; i += 1) {
      await fastForward();
      await deliverDueMessages(db);
    }
    const dead = await byAddress('dead@example.com');
    expect(dead).toMatchObject({ status: 'dead', attempts: MAX_DELIVERY_ATTEMPTS });
    expect(dead.lastError).toMatch(/^Attempt 5: /);
    await fastForward();
    await deliverDueMessages(db);
    expect((await byAddress('dead@example.com')).attempts).toBe(MAX_DELIVERY_ATTEMPTS);

    fake.setDown(null);
    const pilot = await createUser('pilot');
    expect((await callRoute(ROUTES.adminOutboxRetry, { params: { id: dead.id }, as: pilot })).status).toBe(403);
    expect((await callRoute(ROUTES.adminOutboxRetry, { params: { id: dead.id } })).status).toBe(401);
    const retried = await callRoute(ROUTES.adminOutboxRetry, { params: { id: dead.id }, as: admin });
    expect(retried.status).toBe(200);
    const again = await callRoute(ROUTES.adminOutboxRetry, { params: { id: dead.id }, as: admin });
    expect(again.status).toBe(409);
    const run = await callRoute(ROUTES.adminOutboxDeliver, { as: admin });
    expect(run.status).toBe(200);
    expect((await byAddress('dead@example.com')).status).toBe('sent');
  });

  it('a refused message (invalid key) is not a permanent failure, a refused address is', async () => {
    await db.updateTable('outbox').set({ status: 'sent' }).where('status', '=', 'pending').execute();
    await db
      .insertInto('outbox')
      .values({
        channel: 'sms',
        toAddress: 'not-a-number',
        bodyText: 'Hello',
        kind: 'test.sms',
        subject: null,
        bodyHtml: null,
        lockedUntil: null,
        lastError: null,
        providerMessageId: null,
        sentAt: null,
      })
      .execute();
    await addKey('twilio', {
      key_name: 'SMS',
      api_key: 'AC0123456789abcdef0123456789abcdef',
      api_secret: 'auth-token',
      is_primary: 'true',
      additional_config: '{"from_number":"+14155550100"}',
    });
    fake.failNext(1, 400);
    await deliverDueMessages(db);
    const row = await byAddress('not-a-number');
    expect(row.status).toBe('dead');
    expect(row.attempts).toBe(1);
  });

  it('sends SMS through Twilio with Basic auth and the configured sender', async () => {
    await db
      .insertInto('outbox')
      .values({
        channel: 'sms',
        toAddress: '+14155550199',
        bodyText: 'Your mechanic is on the way',
        kind: 'test.sms',
        subject: null,
        bodyHtml: null,
        lockedUntil: null,
        lastError: null,
        providerMessageId: null,
        sentAt: null,
      })
      .execute();
    await deliverDueMessages(db);
    expect((await byAddress('+14155550199')).status).toBe('sent');
    const sms = fake.sms.find((s) => s.to === '+14155550199');
    expect(sms).toMatchObject({ from: '+14155550100', body: 'Your mechanic is on the way' });
    expect(Buffer.from(sms!.auth.replace('Basic ', ''), 'base64').toString()).toBe(
      'AC0123456789abcdef0123456789abcdef:auth-token',
    );
  });

  it('two overlapping runs send each message exactly once', async () => {
    const emails = Array.from({ length: 30 }, (_, i) => `overlap${i}@example.com`);
    for (const email of emails)
      await callRoute(ROUTES.leadCapture, { body: { firstName: 'Overlap', email, source: 'popup_discount_offer' } });
    const [a, b] = await Promise.all([deliverDueMessages(db, 30), deliverDueMessages(db, 30)]);
    expect(a.sent + b.sent).toBe(30);
    for (const email of emails) expect(fake.emails.filter((e) => e.to === email)).toHaveLength(1);
  });

  it('marks a message whose run was interrupted as dead instead of sending it twice', async () => {
    await callRoute(ROUTES.leadCapture, {
      body: { firstName: 'Crash', email: 'crash@example.com', source: 'popup_discount_offer' },
    });
    // A run claimed it and died before recording the result: the lease has run out.
    await db
      .updateTable('outbox')
      .set({ status: 'sending', attempts: 1, lockedUntil: new Date(Date.now() - 1000) })
      .where('toAddress', '=', 'crash@example.com')
      .execute();
    const report = await deliverDueMessages(db);
    expect(report.interrupted).toBe(1);
    const row = await byAddress('crash@example.com');
    expect(row.status).toBe('dead');
    expect(row.lastError).toMatch(/interrupted/);
    expect(fake.emails.filter((e) => e.to === 'crash@example.com')).toHaveLength(0);
  });

  it('renders a message from the active admin template of its kind and counts the send', async () => {
    const created = await callRoute(ROUTES.adminTemplateCreate, {
      body: {
        name: 'Popup welcome',
        subject_line: 'Welcome aboard, {{firstName}}!',
        html_content: '<p>Hi {{firstName}}, your code is <strong>SKY25</strong>.</p>',
        campaign_type: 'welcome_series',
        delay_minutes: 0,
      },
      as: admin,
    });
    expect(created.status, created.text).toBeLessThan(300);
    // A first name with markup is not repeated to an unverified address at all (0097); one with an
    // apostrophe is, escaped in the HTML.
    await callRoute(ROUTES.leadCapture, {
      body: {
        firstName: "Tess O'Hara",
        email: 'templated@example.com',
        source: 'popup_discount_offer',
      },
    });
    const row = await byAddress('templated@example.com');
    expect(row.subject).toBe("Welcome aboard, Tess O'Hara!");
    // The template's wording, then what the offer must carry whatever the wording: the lead's own
    // discount code (as the popup showed it) and its conditions.
    expect(row.bodyHtml).toMatch(
      /^<p>Hi Tess O&#39;Hara, your code is <strong>SKY25<\/strong>\.<\/p><p>Your discount code: <strong>SKY25-[0-9A-F]{6}<\/strong><\/p><p>Applies to labor/,
    );
    expect(row.bodyText).toMatch(
      /^Hi Tess O'Hara, your code is SKY25 \.\s+Your discount code: SKY25-[0-9A-F]{6}\s+Applies to labor/,
    );
    await deliverDueMessages(db);
    expect((await byAddress('templated@example.com')).status).toBe('sent');
    const template = await db
      .selectFrom('emailTemplates')
      .select('sends')
      .where('name', '=', 'Popup welcome')
      .executeTakeFirstOrThrow();
    expect(template.sends).toBe(1);
  });

  it('lists the outbox for admins only, with counts and a status filter', async () => {
    expect((await callRoute(ROUTES.adminOutbox)).status).toBe(401);
    const mechanic = await createUser('mechanic');
    expect((await callRoute(ROUTES.adminOutbox, { as: mechanic })).status).toBe(403);
    const res = await callRoute(ROUTES.adminOutbox, { query: { status: 'dead', per_page: '5' }, as: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.every((m: { status: string }) => m.status === 'dead')).toBe(true);
    expect(res.body.counts.sent).toBeGreaterThan(30);
    expect((await callRoute(ROUTES.adminOutbox, { query: { status: 'lost' }, as: admin })).status).toBe(400);
  });
});
