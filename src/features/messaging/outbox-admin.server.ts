import { sql } from 'kysely';
import { isUuid } from '../../contract/ids.ts';
import type { Db } from '../../server/db/client.ts';
import { conflict, notFound } from '../../server/http/errors.ts';
import { retryDeadMessage } from './deliver.server.ts';
import { OUTBOX_MACHINE } from '../../contract/status-machines.ts';
import { transition } from '../../server/http/transition.ts';
import type { OutboxMessage, OutboxPage, OutboxStatus } from '../../contract/outbox.ts';
import { outboxKindLabel } from '../../contract/outbox-kinds.ts';
import { afterKey, cut, keyOf, type KeyColumn } from '../../server/http/paging.ts';

/** What the console's search looks in: the recipient and the subject, as one text. */
export const OUTBOX_SEARCH = "(to_address || ' ' || coalesce(subject, ''))";

/** The outbox's order, newest first, and its cursor (docs/decisions/0201-cursor-paging.md). */
export const OUTBOX_KEYS = [
  { ref: 'created_at', type: 'timestamptz' },
  { ref: 'id', type: 'uuid' },
] as const satisfies readonly KeyColumn[];

/** The outbox as administrators see it: newest first, optionally one status, with counts per status. */
export async function listOutbox(
  db: Db,
  options: {
    status?: OutboxStatus | undefined;
    q?: string | undefined;
    page: number;
    perPage: number;
    after?: string[] | null;
  },
): Promise<OutboxPage> {
  const after = options.after ?? null;
  // The messages searched: the list and the counts beside the status filters are both of them.
  let searched = db.selectFrom('outbox');
  if (options.q) {
    // The expression the trigram index is built on (migration 0060), so the search uses it.
    const pattern = `%${options.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    searched = searched.where(sql<boolean>`(${sql.raw(OUTBOX_SEARCH)}) ilike ${pattern}`);
  }
  const query = options.status ? searched.where('status', '=', options.status) : searched;
  const { total } = await query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow();
  const rows = await query
    .$if(after !== null, (qb) => qb.where(afterKey(OUTBOX_KEYS, after!, 'desc')))
    .select(keyOf(OUTBOX_KEYS).as('pageKey'))
    .select([
      'id',
      'channel',
      'kind',
      'toAddress',
      'subject',
      'status',
      'attempts',
      'lastError',
      'nextAttemptAt',
      'sentAt',
      'createdAt',
    ])
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(options.perPage + 1)
    .$if(after === null, (qb) => qb.offset((options.page - 1) * options.perPage))
    .execute();
  const { rows: shown, nextCursor } = cut(rows, options.perPage);
  const grouped = await searched
    .select(['status', sql<string>`count(*)`.as('n')])
    .groupBy('status')
    .execute();
  const counts = { pending: 0, sending: 0, sent: 0, dead: 0, superseded: 0 };
  for (const g of grouped) counts[g.status] = Number(g.n);
  const totalCount = Number(total);
  return {
    data: shown.map(({ pageKey: _key, ...r }) => ({
      ...r,
      kindLabel: outboxKindLabel(r.kind),
      nextAttemptAt: r.nextAttemptAt.toISOString(),
      sentAt: r.sentAt ? r.sentAt.toISOString() : null,
      createdAt: r.createdAt.toISOString(),
    })),
    counts,
    nextCursor,
    pagination: {
      page: options.page,
      pages: Math.max(1, Math.ceil(totalCount / options.perPage)),
      total: totalCount,
      perPage: options.perPage,
    },
  };
}

export async function retryMessage(db: Db, id: string | undefined): Promise<void> {
  if (!isUuid(id)) throw notFound('Message not found');
  const row = await retryDeadMessage(db, id);
  if (row) return;
  const exists = await db.selectFrom('outbox').select('status').where('id', '=', id).executeTakeFirst();
  if (!exists) throw notFound('Message not found');
  // Not dead (any more): the machine's refusal names its status.
  transition(OUTBOX_MACHINE, exists.status, 'retry');
  throw conflict(`Only dead messages can be retried; this one is ${exists.status}`);
}

/** One message as it was sent: subject, recipient, body and each attempt. */
export async function outboxMessage(db: Db, id: string | undefined): Promise<OutboxMessage> {
  if (!isUuid(id)) throw notFound('Message not found');
  const row = await db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Message not found');
  const attempts = await db
    .selectFrom('outboxAttempts')
    .select(['attemptedAt', 'outcome', 'provider', 'detail'])
    .where('outboxId', '=', id)
    .orderBy('attemptedAt')
    .limit(100)
    .execute();
  return {
    id: row.id,
    channel: row.channel,
    kind: row.kind,
    kindLabel: outboxKindLabel(row.kind),
    toAddress: row.toAddress,
    replyTo: row.replyTo,
    subject: row.subject,
    bodyText: row.bodyText,
    bodyHtml: row.bodyHtml,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    providerMessageId: row.providerMessageId,
    attemptsLog: attempts.map((a) => ({
      at: a.attemptedAt.toISOString(),
      outcome: a.outcome,
      provider: a.provider,
      detail: a.detail,
    })),
  };
}
