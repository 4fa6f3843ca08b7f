import { describe, expect, it } from 'vitest';
import { QUOTE_SUCCESS_MESSAGE } from '../../src/contract/quote-fields.ts';
import { api, call, uniqueIp } from '../helpers/api.ts';
import { testDb } from '../helpers/db.ts';
import { validQuote } from '../helpers/quote-form.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf, errorsOf } from '../helpers/call-route.ts';

async function storedQuotes(email: string) {
  return testDb().selectFrom('quotes').selectAll().where('returnEmail', '=', email).execute();
}

describe('POST /api/quotes', () => {
  it('stores a valid request as pending and answers with the success message', async () => {
    const quote = validQuote();
    const res = await callRoute(ROUTES.quoteSubmit, { body: quote });
    expect(res.status).toBe(200);
    // Whether the confirmation may say an email is on its way: tests/api/email-promise.test.ts.
    expect(res.body).toEqual({ success: true, message: QUOTE_SUCCESS_MESSAGE, emailGoing: expect.any(Boolean) });
    const rows = await storedQuotes(quote.returnEmail);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'pending',
      aircraftMake: 'Cessna',
      totalHours: '4200.0',
      lastInvoiceAmount: null,
    });
  });

  it('estimates savings from the last invoice with the price model', async () => {
    // Labor only: annual on a single-engine piston is priced 1800: (2000 - 1800) / 2000 = 10%
    // (docs/decisions/0191-honest-savings-estimate.md).
    const quote = validQuote({ lastInvoiceAmount: '2000', invoiceIncludesParts: 'no' });
    const res = await callRoute(ROUTES.quoteSubmit, { body: quote });
    expect(res.body).toMatchObject({ success: true, estimatedSavings: 10, estimatedSavingsDollars: 200 });
    const [row] = await storedQuotes(quote.returnEmail);
    expect(Number(row!.estimatedSavings)).toBe(10);
  });

  it('gives no savings figure when we would not be cheaper', async () => {
    const res = await callRoute(ROUTES.quoteSubmit, { body: validQuote({ lastInvoiceAmount: '900' }) });
    expect(res.status).toBe(200);
    expect(res.body.estimatedSavings).toBeUndefined();
  });

  it('queues the business notification, and the acknowledgement only when emailUpdates is true', async () => {
    const withUpdates = validQuote();
    await callRoute(ROUTES.quoteSubmit, { body: withUpdates });
    const withoutUpdates = validQuote({ emailUpdates: false });
    await callRoute(ROUTES.quoteSubmit, { body: withoutUpdates });
    const acks = await testDb()
      .selectFrom('outbox')
      .select(['toAddress', 'status'])
      .where('kind', '=', 'quote.acknowledge_visitor')
      .where('toAddress', 'in', [withUpdates.returnEmail, withoutUpdates.returnEmail])
      .execute();
    expect(acks).toEqual([{ toAddress: withUpdates.returnEmail, status: 'pending' }]);
    const notes = await testDb()
      .selectFrom('outbox')
      .select('bodyText')
      .where('kind', '=', 'quote.notify_business')
      .where('bodyText', 'like', `%${withoutUpdates.returnEmail}%`)
      .execute();
    expect(notes).toHaveLength(1);
  });

  const required = [
    'firstName',
    'lastName',
    'returnEmail',
    'returnPhone',
    'aircraftMake',
    'aircraftModel',
    'aircraftType',
    'serviceType',
    'preferredTimeframe',
    'message',
  ];
  for (const field of required) {
    it(`refuses a request without ${field}`, async () => {
      const quote: Record<string, unknown> = validQuote();
      delete quote[field];
      const res = await callRoute(ROUTES.quoteSubmit, { unchecked: quote });
      expect(res.status).toBe(400);
      expect(detailOf(res)).toMatch(/^[A-Z][a-z ]+ is required$/);
      expect(errorsOf(res)![0]!.path).toBe(field);
      expect(errorsOf(res)).toContainEqual(expect.objectContaining({ path: field }));
      expect(await storedQuotes(quote['returnEmail'] as string)).toHaveLength(0);
    });
    it(`refuses a blank ${field}`, async () => {
      const res = await callRoute(ROUTES.quoteSubmit, { unchecked: validQuote({ [field]: '   ' }) });
      expect(res.status).toBe(400);
      expect(errorsOf(res).map((e: { path: string }) => e.path)).toContain(field);
    });
  }

  for (const field of ['aircraftType', 'serviceType', 'preferredTimeframe']) {
    it(`refuses an unknown ${field}`, async () => {
      const res = await callRoute(ROUTES.quoteSubmit, { unchecked: validQuote({ [field]: 'spaceship' }) });
      expect(res.status).toBe(400);
      expect(detailOf(res)).toMatch(/^[A-Z][a-z ]+ must be one of: /);
      expect(errorsOf(res)![0]!.path).toBe(field);
    });
  }

  it('refuses a bad email and a bad phone', async () => {
    const email = await callRoute(ROUTES.quoteSubmit, { unchecked: validQuote({ returnEmail: 'pilot-at-example' }) });
    expect(email.status).toBe(400);
    expect(detailOf(email)).toBe('Email address must be a valid email address');
    const phone = await callRoute(ROUTES.quoteSubmit, { unchecked: validQuote({ returnPhone: 'call me' }) });
    expect(phone.status).toBe(400);
    expect(detailOf(phone)).toBe('Phone number must be a valid phone number');
  });

  it('takes null for the optional numbers, as for the optional texts', async () => {
    const quote = validQuote({ totalHours: null, lastInvoiceAmount: null } as never);
    const res = await callRoute(ROUTES.quoteSubmit, { body: quote });
    expect(res.status, res.text).toBe(200);
    const [row] = await storedQuotes(quote.returnEmail);
    expect(row).toMatchObject({ totalHours: null, lastInvoiceAmount: null });
  });

  it('refuses non-numeric hours and invoice amounts', async () => {
    const hours = await callRoute(ROUTES.quoteSubmit, { unchecked: validQuote({ totalHours: 'lots' }) });
    expect(hours.status).toBe(400);
    expect(detailOf(hours)).toMatch(/^Total hours must be a number/);
    const invoice = await callRoute(ROUTES.quoteSubmit, { unchecked: validQuote({ lastInvoiceAmount: '-5' }) });
    expect(invoice.status).toBe(400);
    expect(errorsOf(invoice)![0]!.path).toBe('lastInvoiceAmount');
  });

  it('refuses text longer than its bound', async () => {
    const res = await callRoute(ROUTES.quoteSubmit, { unchecked: validQuote({ message: 'x'.repeat(5001) }) });
    expect(res.status).toBe(400);
    expect(detailOf(res)).toBe('Message must be at most 5000 characters');
  });

  it('refuses an oversized body with 413 before parsing it', async () => {
    const res = await call('POST', '/api/quotes', {
      rawBody: JSON.stringify(validQuote({ message: 'x'.repeat(70_000) })),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.body.detail).toMatch(/too large/);
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await call('POST', '/api/quotes', {
      rawBody: '{"firstName":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'Request body must be valid JSON' });
  });

  it('answers 405 with Allow for a method it does not serve', async () => {
    const res = await api.delete('/api/quotes');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('POST');
  });

  it('rejects a filled honeypot and stores nothing', async () => {
    const quote = validQuote({ website: 'http://spam.example' });
    const res = await callRoute(ROUTES.quoteSubmit, { unchecked: quote });
    expect(res.status).toBe(400);
    expect(detailOf(res)).toMatch(/could not be accepted/);
    expect(await storedQuotes(quote.returnEmail)).toHaveLength(0);
  });

  it('limits submissions per IP with a 429 and a detail, other IPs unaffected', async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push((await callRoute(ROUTES.quoteSubmit, { unchecked: validQuote(), ip })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    const limited = await callRoute(ROUTES.quoteSubmit, { unchecked: validQuote(), ip });
    expect(limited.status).toBe(429);
    expect(detailOf(limited)).toMatch(/^Too many submissions/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await callRoute(ROUTES.quoteSubmit, { body: validQuote(), ip: uniqueIp() })).status).toBe(200);
  });
});
