import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_DISCOUNT_CODE } from '../../src/contract/popup.ts';
import { deliverDueMessages } from '../../src/features/messaging/deliver.server.ts';
import type { Db } from '../../src/server/db/client.ts';
import { call, uniqueEmail } from '../helpers/api.ts';
import { startFakeSmtp, type FakeSmtp } from '../helpers/fake-smtp.ts';
import { useIsolatedDatabase } from '../helpers/isolated-db.ts';
import { validQuote } from '../helpers/quote-form.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute } from '../helpers/call-route.ts';

// Replies reach a person, the copy of a request is the request, and the discount
// code sits before the sign-off, in the email and in the template preview.

let db: Db;
let smtp: FakeSmtp;
let admin: TestUser;
const REPLY = 'hello@skyward.test';
const INBOX = 'quotes@skyward.test';

const put = (category: string, key: string, value: string) =>
  callRoute(ROUTES.adminSettingSave, {
    params: { category, key },
    body: { setting_key: key, setting_value: value },
    as: admin,
  });
const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

beforeAll(async () => {
  db = await useIsolatedDatabase();
  smtp = await startFakeSmtp({ user: 'mailer@skyward.test', pass: 'smtp-Pass-42' });
  admin = await createUser('admin');
  expect((await put('general', 'notification_email', INBOX)).status).toBe(200);
  expect((await put('general', 'reply_to_email', REPLY)).status).toBe(200);
  const key = await call('POST', '/api/admin/config/api-keys?integration_type=smtp', {
    rawBody: form({
      key_name: 'SMTP',
      api_key: 'mailer@skyward.test',
      api_secret: 'smtp-Pass-42',
      is_primary: 'true',
      additional_config: JSON.stringify({
        host: '127.0.0.1',
        port: smtp.port,
        tls_mode: 'none',
        from_email: 'no-reply@skyward.test',
      }),
    }),
    token: admin.token,
  });
  expect(key.status, key.text).toBe(200);
});

afterAll(async () => {
  await smtp.close();
  await db.destroy();
});

describe('reply addresses', () => {
  it("the business's copy answers the customer; the customer's answers the business", async () => {
    const quote = validQuote({ returnEmail: uniqueEmail('owner'), lastInvoiceAmount: '3200' });
    expect((await callRoute(ROUTES.quoteSubmit, { body: quote })).status).toBe(200);
    await deliverDueMessages(db);
    const toBusiness = smtp.messages.find((m) => m.to.includes(INBOX))!;
    expect(toBusiness.raw).toMatch(new RegExp(`^Reply-To: ${quote.returnEmail.replace(/[.+]/g, '\\$&')}$`, 'm'));
    const toCustomer = smtp.messages.find((m) => m.to.includes(quote.returnEmail))!;
    expect(toCustomer.raw).toMatch(/^Reply-To: hello@skyward\.test$/m);
    // "Email me a copy of my request": the request, in our words, with the same estimate.
    const ack = await db
      .selectFrom('outbox')
      .selectAll()
      .where('toAddress', '=', quote.returnEmail)
      .executeTakeFirstOrThrow();
    expect(ack.bodyText).toContain('Your request, as you sent it:');
    expect(ack.bodyText).toContain('Service: Annual Inspection');
    expect(ack.bodyText).toContain('Timeframe: Within 2 Weeks');
    expect(ack.bodyText).toContain('Estimated savings: about $448 (20%) on labor');
    expect(ack.bodyText).toContain('To add anything, reply to this email.');
  });

  it('the popup email keeps its code before the template sign-off, and the preview shows where', async () => {
    const created = await callRoute(ROUTES.adminTemplateCreate, {
      body: {
        name: 'Welcome',
        subject_line: 'Welcome, {{firstName}}',
        html_content: '<p>Hi {{firstName}}, thanks for your interest.</p><p>Blue skies,<br>The Skyward team</p>',
        campaign_type: 'welcome_series',
      },
      as: admin,
    });
    expect(created.status, created.text).toBeLessThan(300);
    const lead = uniqueEmail('lead');
    await callRoute(ROUTES.leadCapture, { body: { firstName: 'Bessie', email: lead } });
    const row = await db.selectFrom('outbox').selectAll().where('toAddress', '=', lead).executeTakeFirstOrThrow();
    expect(row.replyTo).toBe(REPLY);
    expect(row.bodyHtml).toMatch(
      /^<p>Hi Bessie, thanks for your interest\.<\/p><p>Your discount code: <strong>SKY25-[0-9A-F]{6}<\/strong><\/p><p>Applies to labor.*<\/p><p>Blue skies,<br \/>The Skyward team<\/p>$/,
    );

    const preview = await callRoute(ROUTES.adminTemplatePreview, {
      params: { id: created.body.data.id },
      body: {},
      as: admin,
    });
    expect(preview.status).toBe(200);
    const html = preview.body.data.html as string;
    expect(html.indexOf(SAMPLE_DISCOUNT_CODE)).toBeGreaterThan(0);
    expect(html.indexOf(SAMPLE_DISCOUNT_CODE)).toBeLessThan(html.indexOf('Blue skies'));
  });
});
