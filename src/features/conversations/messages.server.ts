import { sql, type Selectable } from 'kysely';
import {
  CONVERSATION_MESSAGES,
  CONVERSATIONS,
  type Attachment,
  type ThreadMessage,
  type ThreadPage,
  type ThreadUpdates,
} from '../../contract/conversations.ts';
import { maskContacts } from '../../contract/contact-mask.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import type { ConversationMessagesTable } from '../../server/db/tables/conversations.ts';
import { badRequest, conflict, forbidden, notFound } from '../../server/http/errors.ts';
import { visibleTo } from '../documents/access.server.ts';
import { enforceMessageLimits } from './limits.server.ts';
import { isAccepted, summaries, threadFor } from './threads.server.ts';

type MessageRow = Selectable<ConversationMessagesTable>;

/** Rows to the API's shape: readers see the masked text when there is one; names of the attachments joined once. */
async function toMessages(db: Db, rows: MessageRow[]): Promise<ThreadMessage[]> {
  const ids = [...new Set(rows.flatMap((r) => r.documentIds))];
  const docs = ids.length
    ? await db.selectFrom('documents').select(['id', 'fileName', 'contentType']).where('id', 'in', ids).execute()
    : [];
  const byId = new Map(docs.map((d) => [d.id, d]));
  return rows.map((r) => ({
    id: r.id,
    from: r.senderId,
    text: r.shownBody ?? r.body,
    masked: r.shownBody !== null,
    attachments: r.documentIds.flatMap((id): Attachment[] => {
      const d = byId.get(id);
      return d ? [{ documentId: d.id, name: d.fileName, type: d.contentType }] : [];
    }),
    kind: r.kind,
    at: new Date(r.createdAt).toISOString(),
  }));
}

/** Moves the reader's position to `seq` (never backwards). */
async function markRead(db: Db, conversationId: string, userId: string, seq: string | undefined): Promise<void> {
  if (!seq) return;
  await db
    .updateTable('conversationMembers')
    .set({ lastReadSeq: sql`greatest(last_read_seq, ${seq}::bigint)` })
    .where('conversationId', '=', conversationId)
    .where('userId', '=', userId)
    .execute();
}

async function seqOf(db: Db, conversationId: string, messageId: string): Promise<string> {
  const row = await db
    .selectFrom('conversationMessages')
    .select('seq')
    .where('id', '=', messageId)
    .where('conversationId', '=', conversationId)
    .executeTakeFirst();
  if (!row) throw notFound('Message not found in this conversation');
  return row.seq;
}

/**
 * GET /api/conversations/:id?before=&limit=: a page of the thread, oldest first within the page;
 * `nextCursor` fetches the older page. Reading the newest page marks the thread read.
 */
export async function readThread(
  db: Db,
  user: UserRow,
  id: string,
  query: { before?: string | undefined; limit: number },
): Promise<ThreadPage> {
  const thread = await threadFor(db, user, id);
  let q = db.selectFrom('conversationMessages').selectAll().where('conversationId', '=', thread.id);
  if (query.before) q = q.where('seq', '<', await seqOf(db, thread.id, query.before));
  const rows = await q
    .orderBy('seq', 'desc')
    .limit(query.limit + 1)
    .execute();
  const more = rows.length > query.limit;
  const page = rows.slice(0, query.limit).reverse();
  if (!query.before) await markRead(db, thread.id, user.id, page.at(-1)?.seq);
  const [conversation] = await summaries(db, user, [thread.id]);
  return { messages: await toMessages(db, page), nextCursor: more ? page[0]!.id : null, conversation: conversation! };
}

/** GET /api/conversations/:id/updates?after=: what arrived after the cursor (the live view polls this), read on arrival. */
export async function threadUpdates(
  db: Db,
  user: UserRow,
  id: string,
  after: string | undefined,
): Promise<ThreadUpdates> {
  const thread = await threadFor(db, user, id);
  let q = db.selectFrom('conversationMessages').selectAll().where('conversationId', '=', thread.id);
  if (after) q = q.where('seq', '>', await seqOf(db, thread.id, after));
  const rows = await q
    .orderBy('seq', after ? 'asc' : 'desc')
    .limit(CONVERSATIONS.pageSize)
    .execute();
  const ordered = after ? rows : rows.reverse();
  await markRead(db, thread.id, user.id, ordered.at(-1)?.seq);
  return { messages: await toMessages(db, ordered), closed: thread.closedAt !== null };
}

/**
 * POST /api/conversations/:id/messages. Under the thread's row lock (two writers at once: both
 * kept, in order) and the writer's own lock (the limits count exactly): closed -> 409, suspended
 * -> 403, over a limit -> 429. Before the quote is accepted, contact details are masked for the
 * reader; the stored message keeps what was typed.
 */
export async function sendMessage(
  db: Db,
  user: UserRow,
  id: string,
  input: { text: string; documentIds: string[] },
): Promise<ThreadMessage> {
  const row = await db.transaction().execute(async (trx) => {
    const thread = await threadFor(trx, user, id, true);
    if (thread.closedAt) throw conflict(CONVERSATION_MESSAGES.closed);
    const settings = await trx
      .selectFrom('messageSettings')
      .select('suspendedAt')
      .where('userId', '=', user.id)
      .executeTakeFirst();
    if (settings?.suspendedAt) throw forbidden(CONVERSATION_MESSAGES.suspended);
    await enforceMessageLimits(trx, user.id, thread);

    const documentIds = [...new Set(input.documentIds)];
    if (documentIds.length) {
      // The writer's own documents, or the job's of this thread (its request's or its aircraft's,
      // the thread's owner's): never a document of another customer the writer reads in another job.
      const visible = await trx
        .selectFrom('documents as d')
        .select('d.id')
        .where('d.id', 'in', documentIds)
        .where(visibleTo(trx, { id: user.id, role: user.role === 'mechanic' ? 'mechanic' : 'pilot' }))
        .where((eb) =>
          eb.or([
            eb('d.ownerId', '=', user.id),
            eb.and([
              eb('d.ownerId', '=', thread.customerId),
              eb.or([
                eb('d.serviceRequestId', '=', thread.serviceRequestId),
                eb(
                  'd.aircraftId',
                  '=',
                  eb
                    .selectFrom('serviceRequests as sr')
                    .select('sr.aircraftId')
                    .where('sr.id', '=', thread.serviceRequestId),
                ),
              ]),
            ]),
          ]),
        )
        .execute();
      const known = new Set(visible.map((d) => d.id));
      const missing = documentIds.findIndex((d) => !known.has(d));
      if (missing >= 0)
        throw badRequest('An attachment is not one of your documents', [
          { path: `documentIds.${missing}`, message: 'Not one of your documents' },
        ]);
    }

    const masked = (await isAccepted(trx, thread)) ? null : maskContacts(input.text);
    const inserted = await trx
      .insertInto('conversationMessages')
      .values({
        conversationId: thread.id,
        senderId: user.id,
        kind: 'message',
        eventType: null,
        body: input.text,
        shownBody: masked?.masked ? masked.text : null,
        documentIds,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('conversations')
      .set({ lastMessageAt: inserted.createdAt })
      .where('id', '=', thread.id)
      .execute();
    await markRead(trx, thread.id, user.id, inserted.seq);
    return inserted;
  });
  const [message] = await toMessages(db, [row]);
  return message!;
}
