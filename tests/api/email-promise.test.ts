import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDueMessages } from '../../src/features/messaging/deliver.server.ts';
import type { Db } from '../../src/server/db/client.ts';
import { call, uniqueEmail } from '../helpers/api.ts';
import { startFakeSmtp, type FakeSmtp } from '../helpers/fake-smtp.ts';
import { useIsolatedDatabase } from '../helpers/isolated-db.ts';
import { validQuote } from '../helpers/quote-form.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute } from '../helpers/call-route.ts';

/**
 * "We sent it to ..." is said only when the email will really go: an email provider is configured
 * and its last delivery attempts did not fail. Otherwise the answer says the request is saved.
 */
let db: Db;
let smtp: FakeSmtp;
let admin: TestUser;
const USER = 'mailer@skyward.test';
const PASS = 'smtp-Pass-42';

const addSmtpKey = (name: string, password: string) => {
  const f = new FormData();
  f.set('key_name', name);
  f.set('api_key', USER);
  f.set('api_secret', password);
  f.set('is_primary', 'true');
  f.set(
    'additional_config',
    JSON.stringify({ host: '127.0.0.1', port: smtp.port, tls_mode: 'none', from_email: 'no-reply@skyward.test' }),
  );
  return call('POST', '/api/admin/config/api-keys?integration_type=smtp', { rawBody: f, token: admin.token });
};

const claim = () =>
  callRoute(ROUTES.leadCapture, {
    body: { firstName: 'Dana', email: uniqueEmail('promise'), source: 'popup_discount_offer' },
  });

beforeAll(async () => {
  db = await useIsolatedDatabase();
  smtp = await startFakeSmtp({ user: USER, pass: PASS });
  process.env['PROVIDER_TIMEOUT_MS'] = '3000';
  admin = await createUser('admin');
});

afterAll(async () => {
  await smtp.close();
  await db.destroy();
});

describe('the email promise on the popup and the quote form', () => {
  it('with no email provider configured, says the code is saved, not sent', async () => {
    const res = await claim();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, emailed: true, emailGoing: false });
    const quote = await callRoute(ROUTES.quoteSubmit, {
      body: validQuote({ returnEmail: uniqueEmail('promise') }),
    });
    expect(quote.status, quote.text).toBe(200);
    expect(quote.body).toMatchObject({ success: true, emailGoing: false });
  });

  it('while the provider refuses every attempt, says saved; once a working key delivers, says sent', async () => {
    expect((await addSmtpKey('Wrong password', 'nope')).status).toBe(200);
    // A key is configured but nothing was tried yet: there is no sign it fails.
    expect((await claim()).body).toMatchObject({ emailGoing: true });
    await deliverDueMessages(db);
    const attempts = await db.selectFrom('outboxAttempts').select('outcome').execute();
    expect(attempts.length).toBeGreaterThan(0);
    expect(attempts.every((a) => a.outcome === 'failed')).toBe(true);
    expect((await claim()).body).toMatchObject({ emailed: true, emailGoing: false });
    expect(
      (await callRoute(ROUTES.quoteSubmit, { body: validQuote({ returnEmail: uniqueEmail('promise') }) })).body,
    ).toMatchObject({
      emailGoing: false,
    });

    // The administrator fixes the password: a new key, which has not failed.
    expect((await addSmtpKey('Office mailbox', PASS)).status).toBe(200);
    expect((await claim()).body).toMatchObject({ emailGoing: true });
    await deliverDueMessages(db);
    expect(smtp.messages.length).toBeGreaterThan(0);
    expect((await claim()).body).toMatchObject({ emailGoing: true });
  });
});
