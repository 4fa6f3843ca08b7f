import { describe, expect, it } from 'vitest';
import { uniqueEmail, uniqueIp } from '../helpers/api.ts';
import { testDb } from '../helpers/db.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf, errorsOf } from '../helpers/call-route.ts';

const leadsFor = (email: string) => testDb().selectFrom('leads').selectAll().where('email', '=', email).execute();

describe('POST /api/leads', () => {
  it('stores a popup lead as New and queues the offer email once', async () => {
    const email = uniqueEmail('lead');
    const res = await callRoute(ROUTES.leadCapture, {
      body: { firstName: 'Chuck', email, phone: '', source: 'popup_discount_offer' },
    });
    expect(res.status).toBe(200);
    const rows = await leadsFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ firstName: 'Chuck', phone: null, source: 'popup_discount_offer', status: 'New' });
    // The code is shown on screen and says where it went; the email carries the same code.
    const code = `SKY25-${rows[0]!.id.replace(/-/g, '').slice(0, 6).toUpperCase()}`;
    expect(res.body).toEqual({ success: true, code, sentTo: email, emailed: true, emailGoing: expect.any(Boolean) });
    const mail = await testDb()
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'lead.popup_offer')
      .where('toAddress', '=', email)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(mail)).toContain(code);
    expect(JSON.stringify(mail)).toMatch(/labor/);

    const again = await callRoute(ROUTES.leadCapture, {
      body: {
        firstName: 'Charles',
        email: email.toUpperCase(),
        phone: '415-555-0199',
        source: 'popup_discount_offer',
      },
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      success: true,
      code,
      sentTo: email.toUpperCase(),
      emailed: false,
      emailGoing: expect.any(Boolean),
    });
    const after = await testDb()
      .selectFrom('leads')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
      .execute();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ firstName: 'Charles', phone: '415-555-0199' });
    const offers = await testDb()
      .selectFrom('outbox')
      .select('id')
      .where('kind', '=', 'lead.popup_offer')
      .where('toAddress', '=', email)
      .execute();
    expect(offers).toHaveLength(1);
  });

  it('keeps one row per source for the same email', async () => {
    const email = uniqueEmail('lead');
    await callRoute(ROUTES.leadCapture, { body: { firstName: 'Bob', email, source: 'popup_discount_offer' } });
    await callRoute(ROUTES.leadCapture, { body: { firstName: 'Bob', email, source: 'footer_newsletter' } });
    expect(await leadsFor(email)).toHaveLength(2);
  });

  it('refuses a missing name, a bad email and a bad phone', async () => {
    const noName = await callRoute(ROUTES.leadCapture, { unchecked: { email: uniqueEmail() } });
    expect(noName.status).toBe(400);
    expect(detailOf(noName)).toBe('First name is required');
    const badEmail = await callRoute(ROUTES.leadCapture, { body: { firstName: 'A', email: 'nope' } });
    expect(badEmail.status).toBe(400);
    expect(detailOf(badEmail)).toBe('Email address must be a valid email address');
    const badPhone = await callRoute(ROUTES.leadCapture, {
      body: { firstName: 'A', email: uniqueEmail(), phone: 'abc' },
    });
    expect(badPhone.status).toBe(400);
    expect(errorsOf(badPhone)[0]!.path).toBe('phone');
  });

  it('rejects the honeypot and rate-limits per IP', async () => {
    const trapped = await callRoute(ROUTES.leadCapture, {
      body: { firstName: 'Bot', email: uniqueEmail(), website: 'x' },
    });
    expect(trapped.status).toBe(400);
    const ip = uniqueIp();
    for (let i = 0; i < 10; i += 1) {
      expect((await callRoute(ROUTES.leadCapture, { body: { firstName: 'A', email: uniqueEmail() }, ip })).status).toBe(
        200,
      );
    }
    const limited = await callRoute(ROUTES.leadCapture, { body: { firstName: 'A', email: uniqueEmail() }, ip });
    expect(limited.status).toBe(429);
    expect(detailOf(limited)).toMatch(/Too many submissions/);
  });
});
