import { sql, type SqlBool } from 'kysely';
import { CONVERSATION_MESSAGES, CONVERSATIONS, type ConversationSummary } from '../../contract/conversations.ts';
import { isUuid } from '../../contract/ids.ts';
import { MARKETPLACE_SERVICE_TYPES } from '../../contract/marketplace.ts';
import { labelOf } from '../../contract/options.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import type { ConversationsTable } from '../../server/db/tables/conversations.ts';
import { forbidden, notFound } from '../../server/http/errors.ts';
import type { Selectable } from 'kysely';

export type ConversationRow = Selectable<ConversationsTable>;

/** Who reads a thread: its two parties only (an administrator through the report queue). */
export const threadNotFound = () => notFound(CONVERSATION_MESSAGES.notFound);

/**
 * The thread `id` if `user` is one of its two parties; 404 otherwise, never a hint that it exists.
 * `lock` takes the thread's row lock: messages of one thread are written one after the other.
 */
export async function threadFor(db: Db, user: Pick<UserRow, 'id'>, id: string, lock = false): Promise<ConversationRow> {
  if (!isUuid(id)) throw threadNotFound();
  let query = db
    .selectFrom('conversations')
    .selectAll()
    .where('id', '=', id)
    .where((eb) => eb.or([eb('customerId', '=', user.id), eb('mechanicId', '=', user.id)]));
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw threadNotFound();
  return row;
}

/** The thread of (request, mechanic), made with both members when it does not exist yet. */
export async function ensureThread(
  db: Db,
  serviceRequestId: string,
  mechanicId: string,
  customerId: string,
): Promise<{ row: ConversationRow; created: boolean }> {
  const inserted = await db
    .insertInto('conversations')
    .values({ serviceRequestId, mechanicId, customerId })
    .onConflict((oc) => oc.constraint('conversations_one_per_request_mechanic').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) {
    await db
      .insertInto('conversationMembers')
      .values([
        { conversationId: inserted.id, userId: customerId },
        { conversationId: inserted.id, userId: mechanicId },
      ])
      .execute();
    return { row: inserted, created: true };
  }
  const row = await db
    .selectFrom('conversations')
    .selectAll()
    .where('serviceRequestId', '=', serviceRequestId)
    .where('mechanicId', '=', mechanicId)
    .executeTakeFirstOrThrow();
  return { row, created: false };
}

/**
 * POST /api/conversations. A mechanic opens his own thread on a request matched to him (or that
 * he quoted); an owner opens one with a mechanic who quoted or asked. Anyone else: 403.
 */
export async function openThread(
  db: Db,
  user: UserRow,
  serviceRequestId: string,
  mechanicId: string | undefined,
): Promise<{ summary: ConversationSummary; created: boolean }> {
  const request = await db
    .selectFrom('serviceRequests')
    .select(['id', 'customerId', 'status'])
    .where('id', '=', serviceRequestId)
    .executeTakeFirst();
  if (!request) throw notFound('Service request not found');
  let pair: { mechanicId: string; customerId: string };
  if (user.role === 'mechanic') {
    if (user.mechanicStatus !== 'approved')
      throw forbidden('Your mechanic account is waiting for approval: you can write to owners once it is approved');
    if (mechanicId && mechanicId !== user.id) throw forbidden('A mechanic opens only his own conversation');
    const matched = await db
      .selectFrom('serviceRequestMatches')
      .select('mechanicId')
      .where('serviceRequestId', '=', request.id)
      .where('mechanicId', '=', user.id)
      .executeTakeFirst();
    const quoted = matched
      ? null
      : await db
          .selectFrom('bids')
          .select('id')
          .where('serviceRequestId', '=', request.id)
          .where('mechanicId', '=', user.id)
          .executeTakeFirst();
    if (!matched && !quoted) throw forbidden('You can only write about service requests matched to your profile');
    if (request.customerId === user.id) throw forbidden('You cannot write to yourself');
    pair = { mechanicId: user.id, customerId: request.customerId };
  } else if (user.role === 'pilot') {
    if (request.customerId !== user.id) throw forbidden('You can only write about your own service requests');
    if (!mechanicId) throw forbidden('Choose the mechanic to write to');
    const quoted = await db
      .selectFrom('bids')
      .select('id')
      .where('serviceRequestId', '=', request.id)
      .where('mechanicId', '=', mechanicId)
      .executeTakeFirst();
    const asked = quoted
      ? null
      : await db
          .selectFrom('conversations')
          .select('id')
          .where('serviceRequestId', '=', request.id)
          .where('mechanicId', '=', mechanicId)
          .executeTakeFirst();
    if (!quoted && !asked) throw forbidden('You can write to a mechanic who quoted or asked about this request');
    pair = { mechanicId, customerId: user.id };
  } else {
    throw forbidden('Conversations are between an owner and a mechanic');
  }
  const { row, created } = await ensureThread(db, request.id, pair.mechanicId, pair.customerId);
  const [summary] = await summaries(db, user, [row.id]);
  return { summary: summary!, created };
}

/** The caller's threads (or just `ids`), newest activity first, with their unread counts. */
export async function summaries(db: Db, user: Pick<UserRow, 'id'>, ids?: string[]): Promise<ConversationSummary[]> {
  let query = db
    .selectFrom('conversations as c')
    .innerJoin('conversationMembers as me', (j) =>
      j.onRef('me.conversationId', '=', 'c.id').on('me.userId', '=', user.id),
    )
    .innerJoin('serviceRequests as sr', 'sr.id', 'c.serviceRequestId')
    .innerJoin('users as other', (j) =>
      j.on(sql<SqlBool>`other.id = case when c.customer_id = ${user.id} then c.mechanic_id else c.customer_id end`),
    )
    .leftJoin('appointments as a', (j) =>
      j.onRef('a.serviceRequestId', '=', 'c.serviceRequestId').onRef('a.mechanicId', '=', 'c.mechanicId'),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('conversationMessages as m')
          .select(['m.body', 'm.shownBody', 'm.createdAt', 'm.senderId', 'm.documentIds'])
          .whereRef('m.conversationId', '=', 'c.id')
          .orderBy('m.seq', 'desc')
          .limit(1)
          .as('last'),
      (j) => j.onTrue(),
    )
    .select((eb) => [
      'c.id',
      'c.serviceRequestId',
      'c.closedAt',
      'a.id as appointmentId',
      'other.id as otherId',
      'other.firstName as otherFirstName',
      'other.lastName as otherLastName',
      'other.role as otherRole',
      'sr.serviceType',
      'sr.aircraftTailNumber',
      'last.body as lastBody',
      'last.shownBody as lastShownBody',
      'last.createdAt as lastAt',
      'last.senderId as lastSenderId',
      'last.documentIds as lastDocumentIds',
      eb
        .selectFrom('conversationMessages as u')
        .select((u) => u.fn.countAll<string>().as('n'))
        .whereRef('u.conversationId', '=', 'c.id')
        .where('u.kind', '=', 'message')
        .where('u.senderId', '!=', user.id)
        .whereRef('u.seq', '>', 'me.lastReadSeq')
        .as('unread'),
    ]);
  if (ids) query = query.where('c.id', 'in', ids.length ? ids : ['00000000-0000-0000-0000-000000000000']);
  const rows = await query.orderBy('c.lastMessageAt', 'desc').orderBy('c.id').limit(CONVERSATIONS.listLimit).execute();
  return rows.map((r) => ({
    id: r.id,
    serviceRequestId: r.serviceRequestId,
    appointmentId: r.appointmentId ?? null,
    otherParty: {
      id: r.otherId,
      name: `${r.otherFirstName} ${r.otherLastName}`.trim(),
      role: r.otherRole === 'mechanic' ? 'mechanic' : 'pilot',
    },
    lastMessage: r.lastAt
      ? {
          text: r.lastShownBody ?? r.lastBody ?? (r.lastDocumentIds?.length ? 'Attachment' : ''),
          at: new Date(r.lastAt).toISOString(),
          fromMe: r.lastSenderId === user.id,
        }
      : null,
    unread: Number(r.unread ?? 0),
    closed: r.closedAt !== null,
    subject: `${labelOf(MARKETPLACE_SERVICE_TYPES, r.serviceType)} · ${r.aircraftTailNumber}`,
    accepted: r.appointmentId != null,
  }));
}

/** Whether the mechanic's quote on this thread's request was accepted: contact details flow freely after. */
export async function isAccepted(
  db: Db,
  thread: Pick<ConversationRow, 'serviceRequestId' | 'mechanicId'>,
): Promise<boolean> {
  const row = await db
    .selectFrom('bids')
    .select('id')
    .where('serviceRequestId', '=', thread.serviceRequestId)
    .where('mechanicId', '=', thread.mechanicId)
    .where('status', '=', 'accepted')
    .executeTakeFirst();
  return row !== undefined;
}
