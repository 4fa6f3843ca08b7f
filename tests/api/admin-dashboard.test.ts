import { beforeAll, describe, expect, it } from 'vitest';
import { api, uniqueEmail } from '../helpers/api.ts';
import { testDb } from '../helpers/db.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';

const quoteForm = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  returnEmail: uniqueEmail('quote'),
  returnPhone: '(415) 555-0199',
  aircraftMake: 'Cessna',
  aircraftModel: '172S',
  registrationNumber: 'N12345',
  totalHours: '2100',
  aircraftType: 'single-engine',
  serviceType: 'annual',
  preferredTimeframe: 'flexible',
  location: 'KSQL',
  lastInvoiceAmount: '3200',
  currentProvider: 'Bay Aero',
  message: 'Annual due next month.',
  scheduleConsultation: false,
  emailUpdates: false,
  ...overrides,
});

const ADMIN_ENDPOINTS = ['/api/admin/dashboard', '/api/quotes', '/api/leads'];

let admin: TestUser;
let pilot: TestUser;
let mechanic: TestUser;
beforeAll(async () => {
  [admin, pilot, mechanic] = await Promise.all([createUser('admin'), createUser('pilot'), createUser('mechanic')]);
});

describe('admin endpoints are for administrators only', () => {
  it.each(ADMIN_ENDPOINTS)('GET %s answers 401 without a token and with a bad one', async (path) => {
    const none = await api.get(path);
    expect(none.status).toBe(401);
    expect(none.body.detail).toBe('Authentication required');
    expect(none.text).not.toContain('@');
    const bad = await api.get(path, { token: `${admin.token}x` });
    expect(bad.status).toBe(401);
  });

  it.each(ADMIN_ENDPOINTS)('GET %s answers 403 to a pilot and to a mechanic', async (path) => {
    for (const user of [pilot, mechanic]) {
      const res = await api.get(path, { token: user.token });
      expect(res.status).toBe(403);
      expect(res.body.detail).toBe('This requires the admin role');
      expect(res.text).not.toContain('@');
    }
  });

  it('keeps the public POSTs public', async () => {
    expect((await callRoute(ROUTES.quoteSubmit, { unchecked: quoteForm() })).status).toBe(200);
    expect(
      (await callRoute(ROUTES.leadCapture, { body: { firstName: 'Pat', email: uniqueEmail('lead') } })).status,
    ).toBe(200);
  });
});

describe('GET /api/admin/dashboard', () => {
  it('counts all, pending and completed quote requests', async () => {
    const before = await callRoute(ROUTES.adminDashboard, { as: admin });
    expect(before.status).toBe(200);
    expect(before.body.success).toBe(true);
    expect(Object.keys(before.body.data).sort()).toEqual(['completedQuotes', 'pendingQuotes', 'totalQuotes']);

    await callRoute(ROUTES.quoteSubmit, { unchecked: quoteForm() });
    await callRoute(ROUTES.quoteSubmit, { unchecked: quoteForm() });
    const email = uniqueEmail('done');
    await callRoute(ROUTES.quoteSubmit, { unchecked: quoteForm({ returnEmail: email }) });
    await testDb().updateTable('quotes').set({ inboxStatus: 'won' }).where('returnEmail', '=', email).execute();

    // Other test files add quotes in parallel: the counts grow by at least ours, and stay consistent.
    const after = await callRoute(ROUTES.adminDashboard, { as: admin });
    const d = after.body.data;
    expect(d.totalQuotes).toBeGreaterThanOrEqual(before.body.data.totalQuotes + 3);
    expect(d.pendingQuotes).toBeGreaterThanOrEqual(before.body.data.pendingQuotes + 2);
    expect(d.completedQuotes).toBeGreaterThanOrEqual(before.body.data.completedQuotes + 1);
    expect(d.pendingQuotes + d.completedQuotes).toBeLessThanOrEqual(d.totalQuotes);
    const db = await testDb()
      .selectFrom('quotes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(d.totalQuotes).toBeLessThanOrEqual(Number(db.n));
  });
});

describe('GET /api/quotes (admin)', () => {
  it('lists quote requests newest first in the admin shape', async () => {
    const email = uniqueEmail('newest');
    const submitted = await callRoute(ROUTES.quoteSubmit, {
      unchecked: quoteForm({ returnEmail: email, firstName: 'Newest', lastInvoiceAmount: '3200' }),
    });
    expect(submitted.status).toBe(200);

    const res = await callRoute(ROUTES.quotesForAdmin, { as: admin });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const mine = res.body.data.find((q) => q.returnEmail === email);
    expect(mine).toEqual({
      id: expect.any(String),
      firstName: 'Newest',
      lastName: 'Lovelace',
      aircraftInfo: { make: 'Cessna', model: '172S', registrationNumber: 'N12345' },
      returnEmail: email,
      returnPhone: '(415) 555-0199',
      serviceInfo: { type: 'annual', location: 'KSQL' },
      message: 'Annual due next month.',
      status: 'pending',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      estimatedSavings: submitted.body.estimatedSavings ?? null,
      estimatedSavingsDollars: submitted.body.estimatedSavingsDollars ?? null,
      discountCode: null,
    });
    const dates = res.body.data.map((q) => Date.parse(q.createdAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('answers estimatedSavings as a number, or null when there is none', async () => {
    const withInvoice = uniqueEmail('sav');
    const without = uniqueEmail('nosav');
    const a = await callRoute(ROUTES.quoteSubmit, { unchecked: quoteForm({ returnEmail: withInvoice }) });
    await callRoute(ROUTES.quoteSubmit, { unchecked: quoteForm({ returnEmail: without, lastInvoiceAmount: '' }) });
    const res = await callRoute(ROUTES.quotesForAdmin, { query: { limit: '200' }, as: admin });
    const find = (e: string) => res.body.data.find((q) => q.returnEmail === e);
    expect(typeof a.body.estimatedSavings).toBe('number');
    expect(find(withInvoice)!.estimatedSavings).toBe(a.body.estimatedSavings);
    expect(find(without)!.estimatedSavings).toBeNull();
  });

  it('honours ?limit=, caps it at 200 and refuses a bad one with 400', async () => {
    await callRoute(ROUTES.quoteSubmit, { unchecked: quoteForm() });
    await callRoute(ROUTES.quoteSubmit, { unchecked: quoteForm() });
    const two = await callRoute(ROUTES.quotesForAdmin, { query: { limit: '2' }, as: admin });
    expect(two.status).toBe(200);
    expect(two.body.data).toHaveLength(2);
    const huge = await callRoute(ROUTES.quotesForAdmin, { query: { limit: '100000' }, as: admin });
    expect(huge.status).toBe(200);
    expect(huge.body.data.length).toBeLessThanOrEqual(200);
    for (const bad of ['0', '-1', 'abc', '2.5']) {
      const res = await callRoute(ROUTES.quotesForAdmin, { query: { limit: bad }, as: admin });
      expect(res.status, bad).toBe(400);
      expect(detailOf(res)).toBe('limit must be a positive whole number');
    }
    expect((await callRoute(ROUTES.leadsForAdmin, { query: { limit: 'abc' }, as: admin })).status).toBe(400);
  });
});

describe('GET /api/leads (admin)', () => {
  it('lists captured leads newest first', async () => {
    const email = uniqueEmail('lead');
    await callRoute(ROUTES.leadCapture, {
      body: { firstName: 'Lena', email, phone: '415-555-0123', source: 'popup_discount_offer' },
    });
    const res = await callRoute(ROUTES.leadsForAdmin, { query: { limit: '20' }, as: admin });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.length).toBeLessThanOrEqual(20);
    const mine = (await callRoute(ROUTES.leadsForAdmin, { query: { limit: '200' }, as: admin })).body.data.find(
      (l) => l.email === email,
    );
    expect(mine).toEqual({
      id: expect.any(String),
      firstName: 'Lena',
      email,
      phone: '415-555-0123',
      source: 'popup_discount_offer',
      status: 'New',
      discountCode: expect.stringMatching(/^SKY25-[0-9A-F]{6}$/),
      codeUsedAt: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const dates = res.body.data.map((l) => Date.parse(l.createdAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });
});
