import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CONVERSATIONS, THREAD_EVENTS } from '../../src/contract/conversations.ts';
import { sendMessageDigests } from '../../src/features/conversations/digest.server.ts';
import type { Db } from '../../src/server/db/client.ts';
import { api, call } from '../helpers/api.ts';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs.ts';
import { holdRowLock } from '../helpers/row-lock.ts';
import { useIsolatedDatabase } from '../helpers/isolated-db.ts';
import { bid, createRequest, mechanicWithProfile } from '../helpers/marketplace.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';

// Conversations (docs/decisions/0220-conversations.md): every rule through the real
// functions on a real PostgreSQL. Its own database: the digest run reads every thread.

let db: Db;
let admin: TestUser;
let blobs: TestBlobs;

beforeAll(async () => {
  db = await useIsolatedDatabase();
  blobs = await startTestBlobs();
  admin = await createUser('admin');
});
afterAll(async () => {
  await blobs?.stop();
});

let place = 0;
/** A request by a new owner with `n` mechanics matched (each at a fresh airport pair so matches stay ours). */
async function job(n = 1) {
  const airports = ['KPAO', 'KBZN', 'KRNO', 'KBOI', 'KSLC', 'KDEN'];
  const at = airports[place++ % airports.length]!;
  const pilot = await createUser('pilot', { firstName: 'Olive', lastName: 'Owner' });
  const mechanics: TestUser[] = [];
  for (let i = 0; i < n; i++)
    mechanics.push(
      await mechanicWithProfile(
        { baseLocation: at, serviceRadius: '5' },
        { firstName: `Mack${i}`, lastName: 'Mechanic' },
      ),
    );
  const request = await createRequest(pilot, { serviceLocation: at, aircraftLocation: at });
  return { pilot, mechanics, mechanic: mechanics[0]!, request };
}

async function open(user: TestUser, serviceRequestId: string, mechanicId?: string) {
  return callRoute(ROUTES.conversationOpen, {
    body: { serviceRequestId, ...(mechanicId ? { mechanicId } : {}) },
    as: user,
  });
}

async function openOk(user: TestUser, serviceRequestId: string, mechanicId?: string): Promise<string> {
  const res = await open(user, serviceRequestId, mechanicId);
  expect(res.status, res.text).toBeLessThan(202);
  return res.body.id as string;
}

const send = (user: TestUser, id: string, text: string, documentIds?: string[]) =>
  callRoute(ROUTES.conversationSend, {
    params: { id },
    body: { text, ...(documentIds ? { documentIds } : {}) },
    as: user,
  });

async function accept(pilot: TestUser, requestId: string, bidId: string) {
  const res = await callRoute(ROUTES.requestAccept, { params: { id: requestId }, body: { bidId }, as: pilot });
  expect(res.status, res.text).toBe(200);
  return res.body.appointment.id as string;
}

const unreadOf = async (user: TestUser, id: string) =>
  ((await callRoute(ROUTES.conversations, { as: user })).body as Array<{ id: string; unread: number }>).find(
    (c) => c.id === id,
  )?.unread;

describe('who talks', () => {
  it('a matched mechanic asks before quoting; the owner answers; the same thread comes back', async () => {
    const { pilot, mechanic, request } = await job();
    const first = await open(mechanic, request.id);
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({
      serviceRequestId: request.id,
      appointmentId: null,
      otherParty: { id: pilot.id, role: 'pilot' },
      unread: 0,
      closed: false,
      lastMessage: null,
    });
    expect((await open(mechanic, request.id)).status).toBe(200);
    // The owner names a mechanic who asked.
    const owner = await open(pilot, request.id, mechanic.id);
    expect(owner.status).toBe(200);
    expect(owner.body.id).toBe(first.body.id);
  });

  it('refuses anyone but the two sides: 403 to open, 404 to read', async () => {
    const { pilot, mechanic, request } = await job();
    const id = await openOk(mechanic, request.id);
    const stranger = await mechanicWithProfile({ baseLocation: 'KJFK', serviceRadius: '5' });
    const pending = await createUser('mechanic', { mechanicStatus: 'pending' });
    await db
      .insertInto('serviceRequestMatches')
      .values({ serviceRequestId: request.id, mechanicId: pending.id, distanceMiles: 1, via: 'service_radius' })
      .execute();
    const otherOwner = await createUser('pilot');
    expect((await open(stranger, request.id)).status).toBe(403);
    expect((await open(pending, request.id)).status).toBe(403);
    expect((await open(otherOwner, request.id, mechanic.id)).status).toBe(403);
    expect((await open(admin, request.id, mechanic.id)).status).toBe(403);
    // The owner may not write to a mechanic who neither quoted nor asked.
    const quiet = await mechanicWithProfile({ baseLocation: 'KJFK', serviceRadius: '5' });
    expect((await open(pilot, request.id, quiet.id)).status).toBe(403);

    for (const outsider of [stranger, otherOwner, admin]) {
      expect((await callRoute(ROUTES.conversation, { params: { id }, as: outsider })).status).toBe(404);
      expect((await callRoute(ROUTES.conversationUpdates, { params: { id }, as: outsider })).status).toBe(404);
      expect((await send(outsider, id, 'hello')).status).toBe(404);
      expect(
        (await callRoute(ROUTES.conversations, { as: outsider })).body.find((c: { id: string }) => c.id === id),
      ).toBeUndefined();
    }
    expect((await callRoute(ROUTES.conversation, { params: { id: 'not-a-uuid' }, as: pilot })).status).toBe(404);
    expect((await callRoute(ROUTES.conversations)).status).toBe(401);
  });

  it('a quote opens the thread with its line; the owner can then write to the bidder', async () => {
    const { pilot, mechanic, request } = await job();
    await bid(mechanic, request.id);
    const list = (await callRoute(ROUTES.conversations, { as: pilot })).body as Array<{
      id: string;
      serviceRequestId: string;
      lastMessage: { text: string };
    }>;
    const thread = list.find((c) => c.serviceRequestId === request.id)!;
    expect(thread.lastMessage.text).toBe(`${THREAD_EVENTS.bid_sent}: $1,500.50`);
    expect((await open(pilot, request.id, mechanic.id)).body.id).toBe(thread.id);
    const page = await callRoute(ROUTES.conversation, { params: { id: thread.id }, as: pilot });
    expect(page.body.messages).toEqual([
      expect.objectContaining({ kind: 'event', from: null, text: `${THREAD_EVENTS.bid_sent}: $1,500.50` }),
    ]);
  });
});

describe('messages', () => {
  it('stores text up to 4,000 characters and refuses more or nothing', async () => {
    const { mechanic, request } = await job();
    const id = await openOk(mechanic, request.id);
    expect((await send(mechanic, id, 'a'.repeat(CONVERSATIONS.maxMessageChars))).status).toBe(201);
    const over = await send(mechanic, id, 'a'.repeat(CONVERSATIONS.maxMessageChars + 1));
    expect(over.status).toBe(400);
    expect(detailOf(over)).toBe('Message must be at most 4000 characters');
    expect((await send(mechanic, id, '   ')).status).toBe(400);
  });

  it('masks contact details before acceptance, keeps the original, and masks nothing after', async () => {
    const { pilot, mechanic, request } = await job();
    const quote = await bid(mechanic, request.id);
    const id = await openOk(pilot, request.id, mechanic.id);
    const typed =
      'Call me at (415) 555-0142 or write to olive@example.com. The annual is due 2030-05-02, budget $2,500.';
    const sent = await send(pilot, id, typed);
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body.masked).toBe(true);
    expect(sent.body.text).not.toContain('555-0142');
    expect(sent.body.text).not.toContain('olive@example.com');
    expect(sent.body.text).toContain('2030-05-02');
    expect(sent.body.text).toContain('$2,500');
    const read = await callRoute(ROUTES.conversation, { params: { id }, as: mechanic });
    expect(read.body.messages.at(-1)).toMatchObject({ id: sent.body.id, text: sent.body.text, masked: true });
    const stored = await db
      .selectFrom('conversationMessages')
      .select(['body'])
      .where('id', '=', sent.body.id)
      .executeTakeFirstOrThrow();
    expect(stored.body).toBe(typed);

    await accept(pilot, request.id, quote.id);
    const after = await send(mechanic, id, 'My cell is 415-555-0199, see you Monday.');
    expect(after.body).toMatchObject({ masked: false, text: 'My cell is 415-555-0199, see you Monday.' });
  });

  it('counts unread per thread and in the list, and reading clears it', async () => {
    const { pilot, mechanic, request } = await job();
    const id = await openOk(mechanic, request.id);
    await send(mechanic, id, 'Is the logbook in the airplane?');
    await send(mechanic, id, 'And the gate code?');
    expect(await unreadOf(pilot, id)).toBe(2);
    expect(await unreadOf(mechanic, id)).toBe(0);
    const page = await callRoute(ROUTES.conversation, { params: { id }, as: pilot });
    expect(page.body.conversation.unread).toBe(0);
    expect(await unreadOf(pilot, id)).toBe(0);
    const reply = await send(pilot, id, 'Yes, in the side pocket.');
    expect(await unreadOf(mechanic, id)).toBe(1);
    const updates = await callRoute(ROUTES.conversationUpdates, {
      params: { id },
      query: { after: page.body.messages.at(-1)!.id },
      as: mechanic,
    });
    expect(updates.body.messages.map((m: { id: string }) => m.id)).toEqual([reply.body.id]);
    expect(await unreadOf(mechanic, id)).toBe(0);
  });

  it('pages older messages with a cursor', async () => {
    const { mechanic, request } = await job();
    const id = await openOk(mechanic, request.id);
    for (let i = 1; i <= 7; i++) await send(mechanic, id, `message ${i}`);
    const first = await callRoute(ROUTES.conversation, { params: { id }, query: { limit: '5' }, as: mechanic });
    expect(first.body.messages.map((m: { text: string }) => m.text)).toEqual([
      'message 3',
      'message 4',
      'message 5',
      'message 6',
      'message 7',
    ]);
    const older = await callRoute(ROUTES.conversation, {
      params: { id },
      query: { limit: '5', before: first.body.nextCursor! },
      as: mechanic,
    });
    expect(older.body.messages.map((m: { text: string }) => m.text)).toEqual(['message 1', 'message 2']);
    expect(older.body.nextCursor).toBeNull();
  });

  it('two writers at once keep both messages, in one order for both readers', async () => {
    const { pilot, mechanic, request } = await job();
    const id = await openOk(mechanic, request.id);
    const start = (await send(mechanic, id, 'start')).body.id as string;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => send(i % 2 ? pilot : mechanic, id, `burst ${i}`)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    const a = await callRoute(ROUTES.conversationUpdates, { params: { id }, query: { after: start }, as: pilot });
    const b = await callRoute(ROUTES.conversation, { params: { id }, as: mechanic });
    expect(a.body.messages).toHaveLength(10);
    expect(a.body.messages.map((m: { id: string }) => m.id)).toEqual(
      b.body.messages.slice(-10).map((m: { id: string }) => m.id),
    );
    expect(new Set(a.body.messages.map((m: { text: string }) => m.text)).size).toBe(10);
  });

  it('writers of one thread wait for its row lock and are stored in the order they came', async () => {
    const { pilot, mechanic, request } = await job();
    const id = await openOk(mechanic, request.id);
    const lock = await holdRowLock('conversations', id);
    const first = send(pilot, id, 'first, from the owner');
    await lock.waitForWaiters(1, "the owner's message");
    const second = send(mechanic, id, 'second, from the mechanic');
    await lock.waitForWaiters(2, "the mechanic's message");
    await lock.release();
    const [a, b] = await Promise.all([first, second]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const page = await callRoute(ROUTES.conversation, { params: { id }, as: pilot });
    expect(page.body.messages.map((m: { text: string }) => m.text)).toEqual([
      'first, from the owner',
      'second, from the mechanic',
    ]);
    // A reader whose cursor is the first message gets the second: nothing is skipped.
    const after = await callRoute(ROUTES.conversationUpdates, {
      params: { id },
      query: { after: a.body.id },
      as: mechanic,
    });
    expect(after.body.messages.map((m: { id: string }) => m.id)).toEqual([b.body.id]);
  });

  it("attaches the writer's own documents, which the other side can then download; not someone else's", async () => {
    const { pilot, mechanic, request } = await job();
    const id = await openOk(mechanic, request.id);
    const form = new FormData();
    form.set(
      'file',
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], 'panel.png', {
        type: 'image/png',
      }),
    );
    form.set('title', 'Panel photo');
    form.set('document_type', 'photo');
    form.set('service_request_id', request.id);
    const up = await api.post('/api/enhanced/documents/upload', undefined, { token: pilot.token, rawBody: form });
    expect(up.status, up.text).toBe(201);
    const sent = await send(pilot, id, 'Here is the panel', [up.body.id]);
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body.attachments).toEqual([{ documentId: up.body.id, name: 'panel.png', type: 'image/png' }]);
    const file = await callRoute(ROUTES.conversationAttachment, {
      params: { id, documentId: up.body.id },
      as: mechanic,
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    // The mechanic has no job yet: the vault itself still hides it from him.
    expect((await callRoute(ROUTES.document, { params: { id: up.body.id }, as: mechanic })).status).toBe(404);
    const other = await createUser('pilot');
    expect(
      (await callRoute(ROUTES.conversationAttachment, { params: { id, documentId: up.body.id }, as: other })).status,
    ).toBe(404);
    // A document that is not his cannot be attached by the mechanic.
    const theft = await send(mechanic, id, 'mine now', [up.body.id]);
    expect(theft.status).toBe(400);
  });
});

describe('the job story', () => {
  it("acceptance adds a line and closes the other bidders' threads with a line; a closed thread refuses messages", async () => {
    const { pilot, mechanics, request } = await job(3);
    const [winner, loser, asker] = mechanics as [TestUser, TestUser, TestUser];
    const winningBid = await bid(winner, request.id);
    await bid(loser, request.id);
    const askerThread = await openOk(asker, request.id);
    await accept(pilot, request.id, winningBid.id);

    const threads = (await callRoute(ROUTES.conversations, { as: pilot })).body as Array<{
      id: string;
      otherParty: { id: string };
      closed: boolean;
      appointmentId: string | null;
    }>;
    const of = (m: TestUser) => threads.find((t) => t.otherParty.id === m.id)!;
    expect(of(winner)).toMatchObject({ closed: false });
    expect(of(winner).appointmentId).not.toBeNull();
    expect(of(loser).closed).toBe(true);
    expect(of(asker).closed).toBe(true);
    const winnerPage = await callRoute(ROUTES.conversation, { params: { id: of(winner).id }, as: winner });
    expect(winnerPage.body.messages.map((m: { text: string }) => m.text)).toEqual([
      `${THREAD_EVENTS.bid_sent}: $1,500.50`,
      THREAD_EVENTS.accepted,
    ]);
    const loserPage = await callRoute(ROUTES.conversation, { params: { id: of(loser).id }, as: loser });
    expect(loserPage.body.messages.at(-1)).toMatchObject({ kind: 'event', text: THREAD_EVENTS.job_went_elsewhere });
    const refused = await send(asker, askerThread, 'Still available?');
    expect(refused.status).toBe(409);
    expect(detailOf(refused)).toBe('This conversation is closed');
    expect((await send(pilot, of(loser).id, 'sorry')).status).toBe(409);
  });

  it('started, change order, completed and signed each add their line', async () => {
    const { pilot, mechanic, request } = await job();
    const quote = await bid(mechanic, request.id);
    const appointmentId = await accept(pilot, request.id, quote.id);
    for (const step of ['confirm', 'start'])
      expect((await api.post(`/api/appointments/${appointmentId}/${step}`, {}, { token: mechanic.token })).status).toBe(
        200,
      );
    const co = await callRoute(ROUTES.changeOrderCreate, {
      params: { id: appointmentId },
      body: {
        lines: [
          { category: 'airworthy', description: 'Replace exhaust gasket', laborHours: 1, laborRate: 95, partsCost: 24 },
        ],
      },
      as: mechanic,
    });
    expect(co.status, co.text).toBe(201);
    const [line] = (await callRoute(ROUTES.changeOrders, { params: { id: appointmentId }, as: pilot })).body[0]!.lines;
    expect(
      (
        await callRoute(ROUTES.changeOrderDecide, {
          params: { id: appointmentId, changeOrderId: co.body.id },
          body: { decisions: [{ lineId: line!.id, decision: 'approve' }] },
          as: pilot,
        })
      ).status,
    ).toBe(200);
    const done = await callRoute(ROUTES.appointmentComplete, {
      params: { id: appointmentId },
      body: { totalTimeHours: 2200 },
      as: mechanic,
    });
    expect(done.status, done.text).toBe(200);
    const signed = await callRoute(ROUTES.recordSign, {
      params: { id: appointmentId },
      body: { fullName: 'Mack0 Mechanic', certificateNumber: '3456789', statement: true },
      as: mechanic,
    });
    expect(signed.status, signed.text).toBe(200);
    const id = await openOk(pilot, request.id, mechanic.id);
    const texts = (await callRoute(ROUTES.conversation, { params: { id }, as: pilot })).body.messages.map(
      (m: { text: string }) => m.text,
    );
    expect(texts).toEqual([
      `${THREAD_EVENTS.bid_sent}: $1,500.50`,
      THREAD_EVENTS.accepted,
      THREAD_EVENTS.started,
      THREAD_EVENTS.change_order,
      THREAD_EVENTS.completed,
      THREAD_EVENTS.record_signed,
    ]);
  });
});

describe('limits', () => {
  it('30 messages a minute, then 429 with Retry-After', async () => {
    const { mechanic, request } = await job();
    const id = await openOk(mechanic, request.id);
    for (let i = 0; i < CONVERSATIONS.perMinute; i++) expect((await send(mechanic, id, `m${i}`)).status).toBe(201);
    const over = await send(mechanic, id, 'one too many');
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(over.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(detailOf(over)).toMatch(/^You are sending messages too fast/);
  });

  it('200 a day to people with no job together; a job lifts it', async () => {
    const { pilot, mechanic, request } = await job();
    const id = await openOk(mechanic, request.id);
    // 200 messages earlier today (an hour ago: outside the minute window).
    await sql`insert into conversation_messages (conversation_id, sender_id, kind, body, created_at)
      select ${id}, ${mechanic.id}, 'message', 'earlier ' || g, now() - interval '1 hour' from generate_series(1, ${CONVERSATIONS.perDayWithoutJob}) g`.execute(
      db,
    );
    const over = await send(mechanic, id, 'one more');
    expect(over.status).toBe(429);
    const retry = Number(over.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(22 * 3600);
    expect(retry).toBeLessThanOrEqual(23 * 3600);
    expect(detailOf(over)).toMatch(/today's limit of 200 messages/);

    const quote = await bid(mechanic, request.id);
    await accept(pilot, request.id, quote.id);
    expect((await send(mechanic, id, 'now we have a job')).status).toBe(201);
  });
});

describe('reports and the console', () => {
  it('a report puts the thread in the queue; closing it resolves the report and can suspend the sender', async () => {
    const { pilot, mechanic, request } = await job();
    const id = await openOk(mechanic, request.id);
    const rude = await send(mechanic, id, 'Pay me cash outside the app at bob@example.com');
    const own = await send(pilot, id, 'No thanks');
    expect(
      (
        await callRoute(ROUTES.conversationReport, {
          params: { id, messageId: own.body.id },
          body: { reason: 'x' },
          as: pilot,
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await callRoute(ROUTES.conversationReport, {
          params: { id, messageId: rude.body.id },
          body: { reason: '' },
          as: pilot,
        })
      ).status,
    ).toBe(400);
    const stranger = await createUser('pilot');
    expect(
      (
        await callRoute(ROUTES.conversationReport, {
          params: { id, messageId: rude.body.id },
          body: { reason: 'spam' },
          as: stranger,
        })
      ).status,
    ).toBe(404);

    // Nothing reported yet: the console sees nothing of this thread.
    let queue = (await callRoute(ROUTES.adminConversations, { query: { reported: 'true' }, as: admin })).body as Array<{
      id: string;
    }>;
    expect(queue.find((q) => q.id === id)).toBeUndefined();
    const reported = await callRoute(ROUTES.conversationReport, {
      params: { id, messageId: rude.body.id },
      body: { reason: 'Asks to pay off the platform' },
      as: pilot,
    });
    expect(reported.status, reported.text).toBe(201);
    expect((await callRoute(ROUTES.adminConversations, { query: { reported: 'true' }, as: pilot })).status).toBe(403);
    queue = (await callRoute(ROUTES.adminConversations, { query: { reported: 'true' }, as: admin })).body;
    const item = queue.find((q) => q.id === id) as unknown as {
      reports: Array<{ reason: string; messageId: string }>;
      messages: Array<{ id: string; text: string; reported: boolean }>;
    };
    expect(item.reports).toEqual([
      expect.objectContaining({ reason: 'Asks to pay off the platform', messageId: rude.body.id }),
    ]);
    // The administrator judges what was written, not the masked text.
    expect(item.messages.find((m) => m.id === rude.body.id)).toMatchObject({
      text: 'Pay me cash outside the app at bob@example.com',
      reported: true,
    });

    const closed = await callRoute(ROUTES.adminConversationClose, {
      params: { id },
      body: { suspendSender: true },
      as: admin,
    });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body).toEqual({ success: true, suspended: 1 });
    queue = (await callRoute(ROUTES.adminConversations, { query: { reported: 'true' }, as: admin })).body;
    expect(queue.find((q) => q.id === id)).toBeUndefined();
    expect((await send(pilot, id, 'hello?')).status).toBe(409);
    const page = await callRoute(ROUTES.conversation, { params: { id }, as: pilot });
    expect(page.body.messages.at(-1)).toMatchObject({ kind: 'event', text: THREAD_EVENTS.closed_by_admin });
    // Suspended: the mechanic can write nowhere.
    const next = await job();
    await db
      .insertInto('serviceRequestMatches')
      .values({ serviceRequestId: next.request.id, mechanicId: mechanic.id, distanceMiles: 1, via: 'service_radius' })
      .execute();
    const other = await openOk(mechanic, next.request.id);
    const blocked = await send(mechanic, other, 'hi');
    expect(blocked.status).toBe(403);
    expect(detailOf(blocked)).toBe('Your messaging has been suspended by an administrator');

    // The suspension is lifted by an administrator only, once: the mechanic writes again.
    const lift = (token: string) => callRoute(ROUTES.adminSuspensionLift, { params: { id: mechanic.id }, as: token });
    expect((await lift(pilot.token)).status).toBe(403);
    expect((await lift(admin.token)).body).toEqual({ success: true });
    expect((await lift(admin.token)).body).toEqual({ detail: 'This person is not suspended' });
    expect((await send(mechanic, other, 'hi again')).status).toBe(201);

    // "No action needed": the report leaves the queue, the conversation stays open, nobody suspended.
    const again = await send(mechanic, other, 'Is Tuesday fine?');
    const report = await callRoute(ROUTES.conversationReport, {
      params: { id: other, messageId: again.body.id },
      body: { reason: 'Too pushy' },
      as: next.pilot.token,
    });
    expect(report.status, report.text).toBe(201);
    expect(
      (await callRoute(ROUTES.adminConversationDismiss, { params: { id: other }, unchecked: {}, as: pilot })).status,
    ).toBe(403);
    const dismissed = await callRoute(ROUTES.adminConversationDismiss, {
      params: { id: other },
      unchecked: {},
      as: admin,
    });
    expect(dismissed.body).toEqual({ success: true, resolved: 1 });
    queue = (await callRoute(ROUTES.adminConversations, { query: { reported: 'true' }, as: admin })).body;
    expect(queue.find((q) => q.id === other)).toBeUndefined();
    expect((await send(mechanic, other, 'See you Tuesday')).status).toBe(201);
    expect(
      (await callRoute(ROUTES.adminConversationDismiss, { params: { id: other }, unchecked: {}, as: admin })).status,
    ).toBe(409);

    // Both reports are in the console's history of handled reports, newest first, with how and by whom.
    expect((await callRoute(ROUTES.adminHandledReports, { as: pilot })).status).toBe(403);
    expect((await callRoute(ROUTES.adminHandledReports, { query: { page: '0' }, as: admin })).status).toBe(400);
    const handled = await callRoute(ROUTES.adminHandledReports, { as: admin });
    expect(handled.status, handled.text).toBe(200);
    const ours = (handled.body.items as Array<{ conversationId: string }>).filter(
      (r) => r.conversationId === id || r.conversationId === other,
    );
    const by = `${admin.firstName} ${admin.lastName}`.trim();
    expect(ours).toEqual([
      expect.objectContaining({ conversationId: other, reason: 'Too pushy', resolution: 'dismissed', resolvedBy: by }),
      expect.objectContaining({
        conversationId: id,
        reason: 'Asks to pay off the platform',
        resolution: 'closed_suspended',
        resolvedBy: by,
      }),
    ]);
  });
});

describe('digest away from the screen', () => {
  const emailsTo = (to: string) =>
    db
      .selectFrom('outbox')
      .select(['subject', 'bodyText', 'channel'])
      .where('toAddress', '=', to)
      .where('kind', '=', 'conversation.digest')
      // In the order they were queued: without it a row rewritten since comes back first or last.
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
  const minutes = (n: number) => new Date(Date.now() + n * 60_000);
  /** A zone where it is daytime at every one of `ats`, so quiet hours do not decide the test. */
  const daytimeZone = (...ats: Date[]) =>
    [
      'UTC',
      'Asia/Tokyo',
      'America/Los_Angeles',
      'Europe/Paris',
      'Pacific/Auckland',
      'Asia/Kolkata',
      'America/New_York',
    ].find((z) =>
      ats.every((at) => {
        const h = Number(
          new Intl.DateTimeFormat('en-US', { timeZone: z, hour: 'numeric', hourCycle: 'h23' }).format(at),
        );
        return h >= 8 && h < 19;
      }),
    )!;

  it('one email after 10 minutes unread, not before, once per hour, then again for newer messages', async () => {
    const { pilot, mechanic, request } = await job();
    expect(
      (
        await callRoute(ROUTES.messageSettingsSave, {
          body: { timeZone: daytimeZone(minutes(5), minutes(200)) },
          as: pilot,
        })
      ).status,
    ).toBe(200);
    const id = await openOk(mechanic, request.id);
    await send(mechanic, id, 'Can you send the logbook photos? My number is 415 555 0142');

    await sendMessageDigests(db, minutes(5));
    expect(await emailsTo(pilot.email)).toEqual([]);
    await sendMessageDigests(db, minutes(11));
    const [email] = await emailsTo(pilot.email);
    expect(email!.subject).toMatch(/^Mack0 Mechanic sent you a message about N\w+ - /);
    expect(email!.bodyText).toContain('Can you send the logbook photos?');
    expect(email!.bodyText).not.toContain('555 0142');
    // The writer is not told of his own message.
    expect(await emailsTo(mechanic.email)).toEqual([]);

    // Same window, more messages: nothing more within the hour.
    await send(mechanic, id, 'Also the gate code please');
    await sendMessageDigests(db, minutes(30));
    expect(await emailsTo(pilot.email)).toHaveLength(1);
    // After the hour, the newer message gets its digest; then nothing again.
    await sendMessageDigests(db, minutes(75));
    const emails = await emailsTo(pilot.email);
    expect(emails).toHaveLength(2);
    expect(emails[1]!.bodyText).toContain('2 messages');
    await sendMessageDigests(db, minutes(200));
    expect(await emailsTo(pilot.email)).toHaveLength(2);
  });

  it('nothing for a read thread, for a reader who turned emails off, or during quiet hours', async () => {
    const { pilot, mechanic, request } = await job();
    const id = await openOk(mechanic, request.id);
    await send(mechanic, id, 'Question one');
    await callRoute(ROUTES.conversation, { params: { id }, as: pilot });
    await sendMessageDigests(db, minutes(11));
    expect(await emailsTo(pilot.email)).toEqual([]);

    await callRoute(ROUTES.emailPreferenceSave, { body: { emailNotifications: false }, as: pilot });
    await send(mechanic, id, 'Question two');
    await sendMessageDigests(db, minutes(11));
    expect(await emailsTo(pilot.email)).toEqual([]);

    const second = await job();
    const other = await openOk(second.mechanic, second.request.id);
    await send(second.mechanic, other, 'Late question');
    // 23:30 in the reader's zone: quiet; at 07:00 it goes out.
    await callRoute(ROUTES.messageSettingsSave, { body: { timeZone: 'UTC' }, as: second.pilot.token });
    const night = new Date(Date.now() + 15 * 60_000);
    night.setUTCHours(23, 30, 0, 0);
    if (night.getTime() < Date.now() + 11 * 60_000) night.setUTCDate(night.getUTCDate() + 1);
    const report = await sendMessageDigests(db, night);
    expect(report.quiet).toBeGreaterThanOrEqual(1);
    expect(await emailsTo(second.pilot.email)).toEqual([]);
    const morning = new Date(night);
    morning.setUTCDate(morning.getUTCDate() + 1);
    morning.setUTCHours(7, 0, 0, 0);
    await sendMessageDigests(db, morning);
    expect(await emailsTo(second.pilot.email)).toHaveLength(1);
  });

  it('texts the reader who turned it on and gave a phone, once the business can send texts', async () => {
    const { pilot, mechanic, request } = await job();
    await db.updateTable('users').set({ phone: '(406) 555-0177' }).where('id', '=', pilot.id).execute();
    expect(
      (
        await callRoute(ROUTES.messageSettingsSave, {
          body: { smsDigest: true, timeZone: daytimeZone(minutes(11), minutes(75)) },
          as: pilot,
        })
      ).status,
    ).toBe(200);
    const id = await openOk(mechanic, request.id);
    const texts = () =>
      db.selectFrom('outbox').select(['bodyText', 'kind']).where('toAddress', '=', '+14065550177').execute();
    await send(mechanic, id, 'First question');
    // No Twilio key yet: the email goes, no text waits forever in the outbox.
    await sendMessageDigests(db, minutes(11));
    expect(await texts()).toEqual([]);
    expect(await emailsTo(pilot.email)).toHaveLength(1);

    const form = new FormData();
    for (const [k, v] of Object.entries({
      key_name: 'SMS',
      api_key: 'AC0123456789abcdef0123456789abcdef',
      api_secret: 'auth-token',
      is_primary: 'true',
      additional_config: '{"from_number":"+14065550100"}',
    }))
      form.set(k, v);
    const added = await call('POST', '/api/admin/config/api-keys?integration_type=twilio', {
      rawBody: form,
      token: admin.token,
    });
    expect(added.status, added.text).toBeLessThan(300);
    await send(mechanic, id, 'Second question');
    await sendMessageDigests(db, minutes(75));
    expect(await texts()).toEqual([
      {
        kind: 'conversation.digest',
        bodyText: expect.stringMatching(
          /^Skyward Mobile Aviation: Mack0 Mechanic sent you 2 messages about N\w+\. Reply in Messages/,
        ),
      },
    ]);
  });

  it('refuses a time zone that is not one, and texts only with a phone', async () => {
    const pilot = await createUser('pilot');
    expect(
      (await callRoute(ROUTES.messageSettingsSave, { body: { timeZone: 'Mars/Olympus' }, as: pilot })).status,
    ).toBe(400);
    expect((await callRoute(ROUTES.messageSettingsSave, { body: { smsDigest: true }, as: pilot })).status).toBe(400);
    await db.updateTable('users').set({ phone: '(406) 555-0101' }).where('id', '=', pilot.id).execute();
    const saved = await callRoute(ROUTES.messageSettingsSave, {
      body: { smsDigest: true, timeZone: 'America/Denver' },
      as: pilot,
    });
    expect(saved.body).toEqual({
      smsDigest: true,
      timeZone: 'America/Denver',
      hasPhone: true,
      emailNotifications: true,
    });
  });
});
