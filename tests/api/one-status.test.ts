import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_CATALOG } from '../../src/contract/settings-catalog.ts';
import type { Db } from '../../src/server/db/client.ts';
import { api, uniqueEmail } from '../helpers/api.ts';
import { useIsolatedDatabase } from '../helpers/isolated-db.ts';
import { validQuote } from '../helpers/quote-form.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute } from '../helpers/call-route.ts';

// One status everywhere (docs/decisions/0420-one-status-the-inbox.md): what the Inbox decided is
// what GET /api/quotes, GET /api/leads and the dashboard's cards say, and they count the same
// requests. A database of this file's own, so the counts can be compared exactly.

let db: Db;
let admin: TestUser;
beforeAll(async () => {
  db = await useIsolatedDatabase();
  admin = await createUser('admin');
});
afterAll(async () => {
  await db.destroy();
});

const get = (path: string) => api.get(path, { token: admin.token });

async function submit(overrides: Record<string, unknown> = {}): Promise<string> {
  const form = validQuote({ emailUpdates: false, ...overrides });
  expect((await callRoute(ROUTES.quoteSubmit, { unchecked: form })).status).toBe(200);
  const row = await db
    .selectFrom('quotes')
    .select('id')
    .where('returnEmail', '=', String(form.returnEmail))
    .orderBy('createdAt', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

const move = (kind: 'quotes' | 'leads', id: string, body: Record<string, unknown>) =>
  api.patch(`/api/admin/${kind}/${id}`, body, { token: admin.token });

const inboxTotal = async (query = '') => (await get(`/api/admin/quotes?limit=1${query}`)).body.total as number;

describe('one status: the Inbox is the truth', () => {
  it('a request won or lost in the Inbox reads so in GET /api/quotes, and a lead in GET /api/leads', async () => {
    const won = await submit();
    const lost = await submit();
    const open = await submit();
    expect((await move('quotes', won, { status: 'won' })).status).toBe(200);
    expect((await move('quotes', lost, { status: 'lost', lostReason: 'price' })).status).toBe(200);

    const quotes = (await callRoute(ROUTES.quotesForAdmin, { query: { limit: '200' }, as: admin })).body.data as {
      id: string;
      status: string;
    }[];
    const statusOf = (id: string) => quotes.find((q) => q.id === id)?.status;
    expect(statusOf(won)).toBe('completed');
    expect(statusOf(lost)).toBe('cancelled');
    expect(statusOf(open)).toBe('pending');

    const email = uniqueEmail('lead');
    expect(
      (await callRoute(ROUTES.leadCapture, { body: { firstName: 'Lena', email, source: 'popup_discount_offer' } }))
        .status,
    ).toBe(200);
    const leadId = (await db.selectFrom('leads').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    expect((await move('leads', leadId, { status: 'won' })).status).toBe(200);
    const leads = (await callRoute(ROUTES.leadsForAdmin, { query: { limit: '200' }, as: admin })).body.data as {
      id: string;
      status: string;
    }[];
    expect(leads.find((l) => l.id === leadId)?.status).toBe('Won');
  });

  it("the dashboard's cards count what the Inbox counts, merged duplicates left out", async () => {
    const email = uniqueEmail('dup');
    const kept = await submit({ returnEmail: email });
    const duplicate = await submit({ returnEmail: email, message: 'Forgot to mention: also the ELT battery is due.' });
    expect(
      (
        await callRoute(ROUTES.adminInboxQuoteMerge, {
          params: { id: kept },
          body: { duplicateId: duplicate },
          as: admin,
        })
      ).status,
    ).toBe(200);
    expect((await move('quotes', kept, { status: 'won' })).status).toBe(200);

    const stats = (await callRoute(ROUTES.adminDashboard, { as: admin })).body.data;
    expect(Object.keys(stats).sort()).toEqual(['completedQuotes', 'pendingQuotes', 'totalQuotes']);
    expect(stats.totalQuotes).toBe(await inboxTotal());
    expect(stats.pendingQuotes).toBe(await inboxTotal('&status=new'));
    expect(stats.completedQuotes).toBe(await inboxTotal('&status=won'));
    // The duplicate is gone from the spec's list too: one request, one row.
    const listed = (
      (await callRoute(ROUTES.quotesForAdmin, { query: { limit: '200' }, as: admin })).body.data as { id: string }[]
    ).map((q) => q.id);
    expect(listed).toContain(kept);
    expect(listed).not.toContain(duplicate);
  });
});

describe('urgent requests: flagged, first, on the shorter clock', () => {
  it('an "ASAP" message, an emergency and an "As Soon As Possible" timeframe come before older unanswered ones', async () => {
    const older = await submit({ message: 'Annual due next month.' });
    await db
      .updateTable('quotes')
      .set({ createdAt: sql`now() - make_interval(hours => 5)` as never })
      .where('id', '=', older)
      .execute();
    const asap = await submit({
      serviceType: 'repair',
      message: 'Alternator died on the ramp at KSQL, need someone today.',
    });
    const emergency = await submit({ serviceType: 'emergency', message: 'Gear would not retract after takeoff.' });
    const soon = await submit({ preferredTimeframe: 'asap', message: 'Annual due.' });

    const page = (await callRoute(ROUTES.adminInboxQuotes, { query: { limit: '50' }, as: admin })).body.items as {
      id: string;
      urgent: boolean;
      respondBy: string | null;
      createdAt: string;
      overdue: boolean;
    }[];
    const ids = page.map((i) => i.id);
    // The urgent ones, oldest first, then the rest of the unanswered (the older one included).
    expect(ids.slice(0, 3)).toEqual([asap, emergency, soon]);
    expect(ids.indexOf(older)).toBeGreaterThan(2);
    const item = (id: string) => page.find((i) => i.id === id)!;
    expect(item(asap).urgent).toBe(true);
    expect(item(emergency).urgent).toBe(true);
    expect(item(soon).urgent).toBe(true);
    expect(item(older).urgent).toBe(false);
    const hours = (id: string) => (Date.parse(item(id).respondBy!) - Date.parse(item(id).createdAt)) / 3_600_000;
    expect(hours(asap)).toBe(SETTINGS_CATALOG.urgentReplyHours.default);
    expect(hours(older)).toBe(24);

    // Past the urgent clock it is overdue, though far within 24 hours.
    await db
      .updateTable('quotes')
      .set({
        createdAt: sql`now() - make_interval(hours => ${SETTINGS_CATALOG.urgentReplyHours.default + 1})` as never,
      })
      .where('id', '=', asap)
      .execute();
    const overdue = (
      await callRoute(ROUTES.adminInboxQuotes, { query: { overdue: '1', limit: '50' }, as: admin })
    ).body.items.map((i: { id: string }) => i.id);
    expect(overdue).toContain(asap);
    expect(overdue).not.toContain(older);
    expect((await callRoute(ROUTES.adminInboxSummary, { as: admin })).body.overdue).toBeGreaterThanOrEqual(1);
  });
});
