import { THREAD_EVENTS, type ThreadEvent } from '../../contract/conversations.ts';
import type { Db } from '../../server/db/client.ts';
import type { ClosedReason } from '../../server/db/tables/conversations.ts';
import { ensureThread } from './threads.server.ts';

/** The job flows call this, one line each, inside their own transaction. */
export interface ThreadEventAt {
  serviceRequestId: string;
  mechanicId: string;
}

async function insertEvent(db: Db, conversationId: string, event: ThreadEvent, detail?: string): Promise<void> {
  // The thread's row lock keeps this line in order with messages written at the same moment.
  await db.selectFrom('conversations').select('id').where('id', '=', conversationId).forUpdate().execute();
  const row = await db
    .insertInto('conversationMessages')
    .values({
      conversationId,
      senderId: null,
      kind: 'event',
      eventType: event,
      body: detail ? `${THREAD_EVENTS[event]}: ${detail}` : THREAD_EVENTS[event],
      shownBody: null,
      documentIds: [],
    })
    .returning('createdAt')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('conversations')
    .set({ lastMessageAt: row.createdAt })
    .where('id', '=', conversationId)
    .execute();
}

async function closeThread(db: Db, conversationId: string, reason: ClosedReason, event: ThreadEvent): Promise<void> {
  const closed = await db
    .updateTable('conversations')
    .set({ closedAt: new Date(), closedReason: reason })
    .where('id', '=', conversationId)
    .where('closedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (closed) await insertEvent(db, conversationId, event);
}

/**
 * A line in the job's thread for an event of the job (docs/decisions/0220). A quote opens the
 * thread when none exists; other events write only to a thread that exists. Acceptance also closes
 * the other bidders' threads with a line saying the job went to someone else.
 */
export async function recordThreadEvent(db: Db, at: ThreadEventAt, event: ThreadEvent, detail?: string): Promise<void> {
  let conversationId: string | undefined;
  // A quote, a booking or a dispatch is the first word between the two: each opens the thread.
  if (event === 'bid_sent' || event === 'booked' || event === 'aog_dispatched') {
    const request = await db
      .selectFrom('serviceRequests')
      .select('customerId')
      .where('id', '=', at.serviceRequestId)
      .executeTakeFirstOrThrow();
    conversationId = (await ensureThread(db, at.serviceRequestId, at.mechanicId, request.customerId)).row.id;
  } else {
    conversationId = (
      await db
        .selectFrom('conversations')
        .select('id')
        .where('serviceRequestId', '=', at.serviceRequestId)
        .where('mechanicId', '=', at.mechanicId)
        .executeTakeFirst()
    )?.id;
  }
  if (conversationId) await insertEvent(db, conversationId, event, detail);

  if (event === 'accepted') {
    const others = await db
      .selectFrom('conversations')
      .select('id')
      .where('serviceRequestId', '=', at.serviceRequestId)
      .where('mechanicId', '!=', at.mechanicId)
      .where('closedAt', 'is', null)
      .orderBy('id')
      .execute();
    for (const other of others) await closeThread(db, other.id, 'job_went_elsewhere', 'job_went_elsewhere');
  }
}

/** An administrator closes a thread: a line says so. */
export async function closeByAdmin(db: Db, conversationId: string): Promise<void> {
  await closeThread(db, conversationId, 'admin', 'closed_by_admin');
}
