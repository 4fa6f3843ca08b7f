import {
  CONVERSATIONS,
  type HandledReportsPage,
  type ReportedConversation,
  type SuspensionsPage,
} from '../../contract/conversations.ts';
import { isUuid } from '../../contract/ids.ts';
import { MARKETPLACE_SERVICE_TYPES } from '../../contract/marketplace.ts';
import { labelOf } from '../../contract/options.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import { conflict, notFound } from '../../server/http/errors.ts';
import { closeByAdmin } from './events.server.ts';
import { threadFor } from './threads.server.ts';

/**
 * POST /api/conversations/:id/messages/:messageId/report: a party reports a message of the other
 * side, with a reason; the thread enters the console's queue. Reporting twice keeps one report.
 */
export async function reportMessage(
  db: Db,
  user: UserRow,
  id: string,
  messageId: string,
  reason: string,
): Promise<void> {
  const thread = await threadFor(db, user, id);
  if (!isUuid(messageId)) throw notFound('Message not found in this conversation');
  const message = await db
    .selectFrom('conversationMessages')
    .select(['id', 'senderId', 'kind'])
    .where('id', '=', messageId)
    .where('conversationId', '=', thread.id)
    .executeTakeFirst();
  if (!message) throw notFound('Message not found in this conversation');
  if (message.kind !== 'message' || message.senderId === user.id)
    throw conflict('Only a message from the other person can be reported');
  await db
    .insertInto('conversationReports')
    .values({ conversationId: thread.id, messageId: message.id, reporterId: user.id, reason })
    .onConflict((oc) =>
      oc
        .constraint('conversation_reports_once')
        .doUpdateSet({ reason, resolvedAt: null, resolvedBy: null, resolution: null }),
    )
    .execute();
}

/**
 * GET /api/admin/conversations?reported=true: threads with an open report, oldest report first,
 * each with its reports and its latest messages as written. An administrator reads a thread only
 * through this queue; `reported=false` lists nothing (no browsing of private threads).
 */
export async function reportedConversations(db: Db, reported: boolean): Promise<ReportedConversation[]> {
  if (!reported) return [];
  const threads = await db
    .selectFrom('conversations as c')
    .innerJoin('serviceRequests as sr', 'sr.id', 'c.serviceRequestId')
    .select([
      'c.id',
      'c.serviceRequestId',
      'c.customerId',
      'c.mechanicId',
      'c.closedAt',
      'sr.serviceType',
      'sr.aircraftTailNumber',
    ])
    .select((eb) =>
      eb
        .selectFrom('conversationReports as r')
        .select((r) => r.fn.min('r.createdAt').as('first'))
        .whereRef('r.conversationId', '=', 'c.id')
        .where('r.resolvedAt', 'is', null)
        .as('firstReport'),
    )
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('conversationReports as r')
          .select('r.id')
          .whereRef('r.conversationId', '=', 'c.id')
          .where('r.resolvedAt', 'is', null),
      ),
    )
    .orderBy('firstReport')
    .limit(CONVERSATIONS.pageSize)
    .execute();
  const out: ReportedConversation[] = [];
  for (const t of threads) {
    const people = await db
      .selectFrom('users as u')
      .leftJoin('messageSettings as s', 's.userId', 'u.id')
      .select(['u.id', 'u.firstName', 'u.lastName', 'u.role', 's.suspendedAt'])
      .where('u.id', 'in', [t.customerId, t.mechanicId])
      .execute();
    const names = new Map(people.map((p) => [p.id, `${p.firstName} ${p.lastName}`.trim()]));
    const reports = await db
      .selectFrom('conversationReports as r')
      .select(['r.id', 'r.messageId', 'r.reason', 'r.reporterId', 'r.createdAt'])
      .where('r.conversationId', '=', t.id)
      .where('r.resolvedAt', 'is', null)
      .orderBy('r.createdAt')
      .execute();
    const reportedIds = new Set(reports.map((r) => r.messageId));
    const messages = await db
      .selectFrom('conversationMessages')
      .select(['id', 'senderId', 'body', 'kind', 'createdAt'])
      .where('conversationId', '=', t.id)
      .orderBy('seq', 'desc')
      .limit(CONVERSATIONS.pageSize)
      .execute();
    out.push({
      id: t.id,
      serviceRequestId: t.serviceRequestId,
      subject: `${labelOf(MARKETPLACE_SERVICE_TYPES, t.serviceType)} · ${t.aircraftTailNumber}`,
      parties: people.map((p) => ({
        id: p.id,
        name: names.get(p.id)!,
        role: p.role === 'mechanic' ? 'mechanic' : 'pilot',
        suspended: p.suspendedAt != null,
      })),
      closed: t.closedAt !== null,
      reports: reports.map((r) => ({
        id: r.id,
        messageId: r.messageId,
        reason: r.reason,
        reporter: names.get(r.reporterId) ?? '',
        at: new Date(r.createdAt).toISOString(),
      })),
      messages: messages.reverse().map((m) => ({
        id: m.id,
        from: m.senderId,
        fromName: m.senderId ? (names.get(m.senderId) ?? null) : null,
        text: m.body,
        kind: m.kind,
        at: new Date(m.createdAt).toISOString(),
        reported: reportedIds.has(m.id),
      })),
    });
  }
  return out;
}

/**
 * POST /api/admin/conversations/:id/close: the thread is closed with a line, its reports resolved,
 * and with `suspendSender` the senders of its reported messages can no longer write anywhere.
 */
export async function closeConversation(
  db: Db,
  admin: UserRow,
  id: string,
  suspendSender: boolean,
): Promise<{ success: true; suspended: number }> {
  if (!isUuid(id)) throw notFound('Conversation not found');
  return db.transaction().execute(async (trx) => {
    const thread = await trx.selectFrom('conversations').select('id').where('id', '=', id).executeTakeFirst();
    if (!thread) throw notFound('Conversation not found');
    await closeByAdmin(trx, thread.id);
    const reports = await trx
      .updateTable('conversationReports')
      .set({ resolvedAt: new Date(), resolvedBy: admin.id, resolution: suspendSender ? 'closed_suspended' : 'closed' })
      .where('conversationId', '=', thread.id)
      .where('resolvedAt', 'is', null)
      .returning('messageId')
      .execute();
    let suspended = 0;
    if (suspendSender && reports.length) {
      const senders = await trx
        .selectFrom('conversationMessages')
        .select('senderId')
        .distinct()
        .where(
          'id',
          'in',
          reports.map((r) => r.messageId),
        )
        .where('senderId', 'is not', null)
        .execute();
      for (const s of senders) {
        await trx
          .insertInto('messageSettings')
          .values({ userId: s.senderId!, suspendedAt: new Date(), timeZone: null })
          .onConflict((oc) => oc.column('userId').doUpdateSet({ suspendedAt: new Date(), updatedAt: new Date() }))
          .execute();
        suspended += 1;
      }
    }
    console.log(`conversation ${thread.id} closed by administrator ${admin.id}; ${suspended} sender(s) suspended`);
    return { success: true as const, suspended };
  });
}

/**
 * POST /api/admin/conversations/:id/dismiss: "No action needed". The thread's open reports are
 * resolved and it leaves the queue; the conversation stays open and nobody is suspended.
 */
export async function dismissReports(db: Db, admin: UserRow, id: string): Promise<{ success: true; resolved: number }> {
  if (!isUuid(id)) throw notFound('Conversation not found');
  const thread = await db.selectFrom('conversations').select('id').where('id', '=', id).executeTakeFirst();
  if (!thread) throw notFound('Conversation not found');
  const resolved = await db
    .updateTable('conversationReports')
    .set({ resolvedAt: new Date(), resolvedBy: admin.id, resolution: 'dismissed' })
    .where('conversationId', '=', thread.id)
    .where('resolvedAt', 'is', null)
    .returning('id')
    .execute();
  if (resolved.length === 0) throw conflict('This conversation has no open report: another administrator handled it');
  console.log(`conversation ${thread.id}: ${resolved.length} report(s) dismissed by administrator ${admin.id}`);
  return { success: true as const, resolved: resolved.length };
}

/** DELETE /api/admin/users/:id/messaging-suspension: the person may write in their conversations again. */
export async function liftSuspension(db: Db, admin: UserRow, userId: string): Promise<{ success: true }> {
  if (!isUuid(userId)) throw notFound('User not found');
  const lifted = await db
    .updateTable('messageSettings')
    .set({ suspendedAt: null, updatedAt: new Date() })
    .where('userId', '=', userId)
    .where('suspendedAt', 'is not', null)
    .returning('userId')
    .executeTakeFirst();
  if (!lifted) throw conflict('This person is not suspended');
  console.log(`messaging suspension of ${userId} lifted by administrator ${admin.id}`);
  return { success: true as const };
}

/** GET /api/admin/conversations/handled: the reports administrators handled, newest first, paged. */
export async function handledReports(db: Db, page: number): Promise<HandledReportsPage> {
  const size = CONVERSATIONS.pageSize;
  const rows = await db
    .selectFrom('conversationReports as r')
    .innerJoin('conversations as c', 'c.id', 'r.conversationId')
    .innerJoin('serviceRequests as sr', 'sr.id', 'c.serviceRequestId')
    .innerJoin('users as reporter', 'reporter.id', 'r.reporterId')
    .leftJoin('users as admin', 'admin.id', 'r.resolvedBy')
    .select([
      'r.id',
      'r.conversationId',
      'r.reason',
      'r.createdAt',
      'r.resolvedAt',
      'r.resolution',
      'sr.serviceType',
      'sr.aircraftTailNumber',
      'reporter.firstName as reporterFirst',
      'reporter.lastName as reporterLast',
      'admin.firstName as adminFirst',
      'admin.lastName as adminLast',
    ])
    .where('r.resolvedAt', 'is not', null)
    .orderBy('r.resolvedAt', 'desc')
    .orderBy('r.id')
    .limit(size + 1)
    .offset((page - 1) * size)
    .execute();
  return {
    items: rows.slice(0, size).map((r) => ({
      id: r.id,
      conversationId: r.conversationId,
      subject: `${labelOf(MARKETPLACE_SERVICE_TYPES, r.serviceType)} · ${r.aircraftTailNumber}`,
      reporter: `${r.reporterFirst} ${r.reporterLast}`.trim(),
      reason: r.reason,
      reportedAt: new Date(r.createdAt).toISOString(),
      resolution: r.resolution,
      resolvedBy: r.adminFirst === null ? null : `${r.adminFirst} ${r.adminLast ?? ''}`.trim(),
      resolvedAt: new Date(r.resolvedAt!).toISOString(),
    })),
    page,
    hasMore: rows.length > size,
  };
}

/** GET /api/admin/messaging-suspensions: who may not write, newest suspension first. */
export async function suspendedPeople(db: Db, page: number): Promise<SuspensionsPage> {
  const size = CONVERSATIONS.pageSize;
  const rows = await db
    .selectFrom('messageSettings as s')
    .innerJoin('users as u', 'u.id', 's.userId')
    .select(['u.id', 'u.firstName', 'u.lastName', 'u.role', 's.suspendedAt'])
    .where('s.suspendedAt', 'is not', null)
    .orderBy('s.suspendedAt', 'desc')
    .orderBy('u.id')
    .limit(size + 1)
    .offset((page - 1) * size)
    .execute();
  return {
    items: rows.slice(0, size).map((r) => ({
      id: r.id,
      name: `${r.firstName} ${r.lastName}`.trim(),
      role: r.role === 'mechanic' ? 'mechanic' : 'pilot',
      suspendedAt: new Date(r.suspendedAt!).toISOString(),
    })),
    page,
    hasMore: rows.length > size,
  };
}
