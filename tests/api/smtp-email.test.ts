import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDueMessages } from '../../src/features/messaging/deliver.server.ts';
import { decryptSecret } from '../../src/server/crypto.server.ts';
import type { Db } from '../../src/server/db/client.ts';
import { call } from '../helpers/api.ts';
import { startFakeMessaging, type FakeMessaging } from '../helpers/fake-messaging.ts';
import { startFakeSmtp, type FakeSmtp } from '../helpers/fake-smtp.ts';
import { useIsolatedDatabase } from '../helpers/isolated-db.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute } from '../helpers/call-route.ts';

let db: Db;
let smtp: FakeSmtp;
let mailchimp: FakeMessaging;
let admin: TestUser;

const USER = 'mailer@skyward.test';
const PASS = 'smtp-Pass-42';

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

const smtpConfig = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    host: '127.0.0.1',
    port: smtp.port,
    tls_mode: 'none',
    from_email: 'no-reply@skyward.test',
    from_name: 'Skyward Mobile Aviation',
    ...overrides,
  });

const addSmtpKey = (fields: Record<string, string>) =>
  call('POST', '/api/admin/config/api-keys?integration_type=smtp', { rawBody: form(fields), token: admin.token });

const byAddress = (to: string) =>
  db.selectFrom('outbox').selectAll().where('toAddress', '=', to).executeTakeFirstOrThrow();

beforeAll(async () => {
  db = await useIsolatedDatabase();
  smtp = await startFakeSmtp({ user: USER, pass: PASS });
  mailchimp = await startFakeMessaging();
  process.env['MAILCHIMP_API_BASE'] = mailchimp.url;
  process.env['PROVIDER_TIMEOUT_MS'] = '3000';
  admin = await createUser('admin');
});

afterAll(async () => {
  await smtp.close();
  await mailchimp.close();
  await db.destroy();
});

describe('SMTP as the email provider', () => {
  it('refuses an SMTP key without its settings or password, saying which field', async () => {
    const noHost = await addSmtpKey({
      key_name: 'Mailbox',
      api_key: USER,
      api_secret: PASS,
      additional_config: smtpConfig({ host: '' }),
    });
    expect(noHost.status).toBe(400);
    expect(noHost.body.detail).toBe('SMTP host is required');
    expect(noHost.body.errors[0].path).toBe('additional_config.host');
    const badPort = await addSmtpKey({
      key_name: 'Mailbox',
      api_key: USER,
      api_secret: PASS,
      additional_config: smtpConfig({ port: 70000 }),
    });
    expect(badPort.status).toBe(400);
    expect(badPort.body.detail).toMatch(/SMTP port must be between 1 and 65,535/);
    const badMode = await addSmtpKey({
      key_name: 'Mailbox',
      api_key: USER,
      api_secret: PASS,
      additional_config: smtpConfig({ tls_mode: 'ssl3' }),
    });
    expect(badMode.status).toBe(400);
    expect(badMode.body.detail).toMatch(/TLS mode must be one of: starttls, tls, none/);
    const noPassword = await addSmtpKey({ key_name: 'Mailbox', api_key: USER, additional_config: smtpConfig() });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.detail).toBe('Password is required for SMTP');
    expect(await db.selectFrom('apiKeys').select('id').where('integrationType', '=', 'smtp').execute()).toHaveLength(0);
  });

  it('"Test" signs in to the server: a wrong password fails, the right one passes', async () => {
    const wrong = await addSmtpKey({
      key_name: 'Wrong password',
      api_key: USER,
      api_secret: 'nope',
      priority: '5',
      additional_config: smtpConfig(),
    });
    expect(wrong.status, wrong.text).toBe(200);
    const failed = await callRoute(ROUTES.adminTestIntegration, {
      params: { integration: 'smtp' },
      query: { key_id: wrong.body.data.id },
      as: admin,
    });
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ success: false });
    expect(failed.body.message).toMatch(
      /^SMTP \(email\) integration test failed: The SMTP server refused the username or password/,
    );

    const right = await addSmtpKey({
      key_name: 'Mailbox',
      api_key: USER,
      api_secret: PASS,
      is_primary: 'true',
      additional_config: smtpConfig({ port: String(smtp.port) }),
    });
    expect(right.status, right.text).toBe(200);
    // The view is masked; the stored password is encrypted; the port was stored as a number.
    expect(right.body.data).toMatchObject({ integration_type: 'smtp', has_secret: true, is_primary: true });
    expect(right.body.data.api_key).not.toBe(USER);
    expect(right.body.data.additional_config).toEqual({
      host: '127.0.0.1',
      port: smtp.port,
      tls_mode: 'none',
      from_email: 'no-reply@skyward.test',
      from_name: 'Skyward Mobile Aviation',
    });
    expect(JSON.stringify(right.body)).not.toContain(PASS);
    const stored = await db
      .selectFrom('apiKeys')
      .selectAll()
      .where('id', '=', right.body.data.id)
      .executeTakeFirstOrThrow();
    expect(stored.apiSecretEncrypted).not.toContain(PASS);
    expect(decryptSecret(stored.apiSecretEncrypted!)).toBe(PASS);

    const passed = await callRoute(ROUTES.adminTestIntegration, { params: { integration: 'smtp' }, as: admin });
    expect(passed.body).toEqual({
      success: true,
      message: `SMTP (email) integration test passed: signed in to 127.0.0.1:${smtp.port} as ${USER}`,
    });
    expect(smtp.messages).toHaveLength(0); // a test sends nothing
  });

  it('the outbox sends email through the primary SMTP key, even with a Mailchimp key configured', async () => {
    const mc = await call('POST', '/api/admin/config/api-keys?integration_type=mailchimp', {
      rawBody: form({ key_name: 'MC', api_key: 'md-valid-key', is_primary: 'true' }),
      token: admin.token,
    });
    expect(mc.status).toBe(200);
    const lead = await callRoute(ROUTES.leadCapture, {
      body: {
        firstName: 'Sam',
        email: 'sam.smtp@example.com',
        source: 'popup_discount_offer',
      },
    });
    expect(lead.status, lead.text).toBe(200);
    const report = await deliverDueMessages(db);
    expect(report).toMatchObject({ sent: 1, dead: 0, retrying: 0 });

    const row = await byAddress('sam.smtp@example.com');
    expect(row).toMatchObject({ status: 'sent', attempts: 1, providerMessageId: 'Q1' });
    expect(mailchimp.emails).toHaveLength(0);
    const [message] = smtp.messages;
    expect(message!.from).toBe('no-reply@skyward.test');
    expect(message!.to).toEqual(['sam.smtp@example.com']);
    expect(message!.raw).toMatch(/^From: Skyward Mobile Aviation <no-reply@skyward\.test>$/m);
    expect(message!.raw).toMatch(/^To: sam\.smtp@example\.com$/m);
    expect(message!.raw).toContain(`Subject: ${row.subject}`);
    expect(message!.raw).toContain('Sam');
  });

  it('a refused recipient (550) is dead at once; an unreachable server is retried later', async () => {
    await callRoute(ROUTES.leadCapture, {
      body: { firstName: 'Nope', email: 'refused@example.com', source: 'popup_discount_offer' },
    });
    await deliverDueMessages(db);
    const refused = await byAddress('refused@example.com');
    expect(refused.status).toBe('dead');
    expect(refused.lastError).toMatch(/^Attempt 1: The SMTP server refused the message \(550\)/);

    await callRoute(ROUTES.leadCapture, {
      body: {
        firstName: 'Later',
        email: 'later.smtp@example.com',
        source: 'popup_discount_offer',
      },
    });
    await db
      .updateTable('apiKeys')
      .set({ additionalConfig: smtpConfig({ port: 1 }) })
      .where('integrationType', '=', 'smtp')
      .where('isPrimary', '=', true)
      .execute();
    const report = await deliverDueMessages(db);
    expect(report).toMatchObject({ sent: 0, retrying: 1, dead: 0 });
    const later = await byAddress('later.smtp@example.com');
    expect(later.status).toBe('pending');
    expect(later.lastError).toMatch(/^Attempt 1: The SMTP server could not be reached/);
  });
});
