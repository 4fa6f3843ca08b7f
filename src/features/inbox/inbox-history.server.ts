import { fullNameSql } from '../../server/db/full-name.ts';
import { INBOX_LIMITS, type InboxEvent } from '../../contract/inbox.ts';
import type { Db } from '../../server/db/client.ts';

// A request's history as the detail shows it: every move, note, reply and merge with who made it,
// a reply with its delivery state; the lines of requests merged into it read as its own.

/**
 * The request's history, oldest first, each entry with who made it and (replies) the delivery state.
 * `subjectIds` are the request and those merged into it: their merge and undo lines are the
 * survivor's own, so the merged requests' copies of them are left out.
 */
export async function historyOf(db: Db, subjectIds: string[]): Promise<InboxEvent[]> {
  const rows = await db
    .selectFrom('inboxEvents as e')
    .leftJoin('users as bu', 'bu.id', 'e.byUserId')
    .leftJoin('users as au', 'au.id', 'e.assignedTo')
    .leftJoin('outbox as o', 'o.id', 'e.outboxId')
    .select([
      'e.id',
      'e.at',
      'e.byUserId',
      fullNameSql<string | null>('bu').as('byName'),
      'e.kind',
      'e.fromStatus',
      'e.toStatus',
      'e.reopened',
      'e.lostReason',
      'e.text',
      'e.subject',
      'e.outboxId',
      'e.templateId',
      'o.status as delivery',
      'e.assignedTo',
      fullNameSql<string | null>('au').as('assignedName'),
      'e.otherId',
    ])
    .where('e.subjectId', 'in', subjectIds)
    .where((eb) => eb.or([eb('e.subjectId', '=', subjectIds[0]!), eb('e.kind', 'not in', ['merge', 'unmerge'])]))
    .orderBy('e.at', 'asc')
    .orderBy('e.id', 'asc')
    .limit(INBOX_LIMITS.historyShown)
    .execute();
  return rows.map((e) => {
    const event: InboxEvent = {
      id: e.id,
      at: e.at.toISOString(),
      by: e.byUserId ? { id: e.byUserId, name: e.byName ?? '' } : null,
      kind: e.kind,
    };
    if (e.kind === 'status')
      Object.assign(event, {
        from: e.fromStatus,
        to: e.toStatus,
        reopened: e.reopened,
        lostReason: e.lostReason,
        text: e.text,
      });
    if (e.kind === 'note' || e.kind === 'merge' || e.kind === 'unmerge' || e.kind === 'convert') event.text = e.text;
    if (e.kind === 'reply' || e.kind === 'convert') {
      Object.assign(event, {
        subject: e.subject,
        messageId: e.outboxId,
        templateId: e.templateId,
        delivery: e.delivery,
      });
      if (e.kind === 'reply') event.text = e.text;
    }
    if (e.kind === 'assign') event.assignedTo = e.assignedTo ? { id: e.assignedTo, name: e.assignedName ?? '' } : null;
    if (e.kind === 'merge' || e.kind === 'unmerge') event.otherId = e.otherId;
    return event;
  });
}
