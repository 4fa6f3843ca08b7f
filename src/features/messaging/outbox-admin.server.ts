import { sql } from 'kysely';
import { isUuid } from '../../contract/ids.ts';
import type { Db } from '../../server/db/client.ts';
import { conflict, notFound } from '../../server/http/errors.ts';
import { retryDeadMessage } from './deliver.server.ts';
import { OUTBOX_MACHINE } from '../../contract/status-machines.ts';
import { transition } from '../../server/http/transition.ts';
import type { OutboxPage, OutboxStatus } from '../../contract/outbox.ts';

/** The outbox as administrators see it: newest first, optionally one status, with counts per status. */
export async function listOutbox(
  db: Db,
  options: { status?: OutboxStatus | undefined; page: number; perPage: number },
): Promise<OutboxPage> {
  let query = db.selectFrom('outbox');
  if (options.status) query = query.where('status', '=', options.status);
  const { total } = await query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow();
  const rows = await query
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
    .orderBy('id')
    .limit(options.perPage)
    .offset((options.page - 1) * options.perPage)
    .execute();
  const grouped = await db
    .selectFrom('outbox')
    .select(['status', sql<string>`count(*)`.as('n')])
    .groupBy('status')
    .execute();
  const counts = { pending: 0, sending: 0, sent: 0, dead: 0 };
  for (const g of grouped) counts[g.status] = Number(g.n);
  const totalCount = Number(total);
  return {
    data: rows.map((r) => ({
      ...r,
      nextAttemptAt: r.nextAttemptAt.toISOString(),
      sentAt: r.sentAt ? r.sentAt.toISOString() : null,
      createdAt: r.createdAt.toISOString(),
    })),
    counts,
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
