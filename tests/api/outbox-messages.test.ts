import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDueMessages } from '../../src/features/messaging/deliver.server.ts';
import type { Db } from '../../src/server/db/client.ts';
import { call } from '../helpers/api.ts';
import { startFakeMessaging, type FakeMessaging } from '../helpers/fake-messaging.ts';
import { useIsolatedDatabase } from '../helpers/isolated-db.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';

// A message of the outbox can be opened (subject, recipient, body, each
// delivery attempt) and is named in words, not by its internal kind. Like every list, the outbox is
// cursor-paged (X-Next-Cursor, Link) with the body the console already read.

let db: Db;
let fake: FakeMessaging;
let admin: TestUser;

beforeAll(async () => {
  db = await useIsolatedDatabase();
  fake = await startFakeMessaging();
  process.env['MAILCHIMP_API_BASE'] = fake.url;
  admin = await createUser('admin');
});

afterAll(async () => {
  await fake.close();
  await db.destroy();
});

const idOf = async (to: string) =>
  (await db.selectFrom('outbox').select('id').where('toAddress', '=', to).executeTakeFirstOrThrow()).id;

describe('an outbox message opened in the console', () => {
  it('shows subject, recipient, body, the kind in words and every delivery attempt', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ key_name: 'Transactional', api_key: 'md-valid-key', is_primary: 'true' }))
      form.set(k, v);
    expect(
      (
        await call('POST', '/api/admin/config/api-keys?integration_type=mailchimp', {
          rawBody: form,
          token: admin.token,
        })
      ).status,
    ).toBeLessThan(300);
    expect(
      (
        await callRoute(ROUTES.leadCapture, {
          body: { firstName: 'Opal', email: 'opal@example.com', source: 'popup_discount_offer' },
        })
      ).status,
    ).toBe(200);
    const id = await idOf('opal@example.com');

    // Not tried yet: no attempt, the kind in words in the list and the message.
    const waiting = await callRoute(ROUTES.adminOutboxMessage, { params: { id }, as: admin });
    expect(waiting.status).toBe(200);
    expect(waiting.body.data).toMatchObject({
      id,
      toAddress: 'opal@example.com',
      kind: 'lead.popup_offer',
      kindLabel: 'Popup discount code',
      status: 'pending',
      attemptsLog: [],
    });
    expect(waiting.body.data.subject).toMatch(/25% discount/);
    expect(waiting.body.data.bodyText).toMatch(/Opal/);
    const list = await callRoute(ROUTES.adminOutbox, { as: admin });
    expect(list.body.data.find((m: { id: string }) => m.id === id)).toMatchObject({ kindLabel: 'Popup discount code' });

    // A failed attempt, then a sent one: both kept, with the provider and what happened.
    fake.failNext(1, 500);
    await deliverDueMessages(db);
    await db
      .updateTable('outbox')
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    await deliverDueMessages(db);
    const sent = await callRoute(ROUTES.adminOutboxMessage, { params: { id }, as: admin });
    expect(sent.body.data.status).toBe('sent');
    const log = sent.body.data.attemptsLog as Array<{ outcome: string; provider: string; detail: string }>;
    expect(log.map((a) => a.outcome)).toEqual(['failed', 'sent']);
    expect(log[0]).toMatchObject({ provider: 'Mailchimp · Transactional' });
    expect(log[0]!.detail).toMatch(/HTTP 500/);
    expect(log[1]!.detail).toMatch(/^Provider message id md_/);
  });

  it('answers 404 for a message that does not exist, and only to administrators', async () => {
    expect(
      (
        await callRoute(ROUTES.adminOutboxMessage, {
          params: { id: '7d7f8a3e-0000-4000-8000-000000000000' },
          as: admin,
        })
      ).status,
    ).toBe(404);
    expect((await callRoute(ROUTES.adminOutboxMessage, { params: { id: 'not-an-id' }, as: admin })).status).toBe(404);
    const pilot = await createUser('pilot');
    const id = await idOf('opal@example.com');
    expect((await callRoute(ROUTES.adminOutboxMessage, { params: { id }, as: pilot })).status).toBe(403);
    expect((await callRoute(ROUTES.adminOutboxMessage, { params: { id } })).status).toBe(401);
  });
});

describe('the outbox list, cursor-paged', () => {
  it('pages with X-Next-Cursor and Link, keeps its body, and neither repeats nor skips a row when messages arrive', async () => {
    for (let i = 0; i < 7; i += 1)
      await callRoute(ROUTES.leadCapture, {
        body: {
          firstName: `Page${i}`,
          email: `page${i}@example.com`,
          source: 'popup_discount_offer',
        },
      });
    const first = await callRoute(ROUTES.adminOutbox, { query: { per_page: '3' }, as: admin });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      counts: expect.any(Object),
      pagination: expect.objectContaining({ total: expect.any(Number) }),
    });
    expect(first.body.data).toHaveLength(3);
    const cursor = first.headers.get('X-Next-Cursor');
    expect(cursor).toBeTruthy();
    expect(first.body.nextCursor).toBe(cursor);
    expect(first.headers.get('Link')).toBe(`</api/admin/outbox?per_page=3&cursor=${cursor}>; rel="next"`);

    // A new message meanwhile goes on top: the next page starts right after the last row seen.
    const expected = (await db.selectFrom('outbox').select('id').execute()).map((r) => r.id).sort();
    await callRoute(ROUTES.leadCapture, {
      body: { firstName: 'Late', email: 'late@example.com', source: 'popup_discount_offer' },
    });
    const seen: string[] = first.body.data.map((m: { id: string }) => m.id);
    let next: string | null = cursor;
    while (next) {
      const page = await callRoute(ROUTES.adminOutbox, { query: { per_page: '3', cursor: next }, as: admin });
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((m: { id: string }) => m.id));
      next = page.headers.get('X-Next-Cursor');
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual(expected);
    expect((await callRoute(ROUTES.adminOutbox, { query: { cursor: 'bad' }, as: admin })).status).toBe(400);
  });
});

describe('the outbox searched', () => {
  it('finds messages by recipient or subject, paged as the list is, and says a too-long search is refused', async () => {
    for (let i = 0; i < 4; i += 1)
      await callRoute(ROUTES.leadCapture, {
        body: {
          firstName: `Search${i}`,
          email: `findme.${i}@haskell-aviation.example`,
          source: 'popup_discount_offer',
        },
      });
    await callRoute(ROUTES.leadCapture, {
      body: {
        firstName: 'Other',
        email: 'other@elsewhere.example',
        source: 'popup_discount_offer',
      },
    });
    const found = await callRoute(ROUTES.adminOutbox, { query: { q: 'HASKELL-aviation', per_page: '3' }, as: admin });
    expect(found.status).toBe(200);
    expect(found.body.pagination.total).toBe(4);
    // The counts beside the status filters are of the messages searched, as the list is.
    const counted = found.body.counts as Record<string, number>;
    expect(Object.values(counted).reduce((a, b) => a + b, 0)).toBe(4);
    expect(found.body.data).toHaveLength(3);
    expect(found.body.data.every((m: { toAddress: string }) => m.toAddress.includes('haskell-aviation'))).toBe(true);
    const cursor = found.headers.get('X-Next-Cursor');
    expect(found.headers.get('Link')).toContain('q=HASKELL-aviation');
    const rest = await callRoute(ROUTES.adminOutbox, {
      query: { q: 'HASKELL-aviation', per_page: '3', cursor: cursor! },
      as: admin,
    });
    expect(rest.body.data).toHaveLength(1);
    expect(rest.headers.get('X-Next-Cursor')).toBeNull();

    // The subject: every popup offer says "discount"; a percent sign is a character, not a wildcard.
    const bySubject = await callRoute(ROUTES.adminOutbox, { query: { q: '25% discount' }, as: admin });
    expect(bySubject.body.data.length).toBeGreaterThanOrEqual(5);
    expect((await callRoute(ROUTES.adminOutbox, { query: { q: '%%%' }, as: admin })).body.data).toHaveLength(0);
    const tooLong = await callRoute(ROUTES.adminOutbox, { query: { q: 'x'.repeat(201) }, as: admin });
    expect(tooLong.status).toBe(400);
    expect(detailOf(tooLong)).toMatch(/Search/);
  });
});
