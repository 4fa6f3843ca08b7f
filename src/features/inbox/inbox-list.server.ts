import { sql } from 'kysely';
import { INBOX_LIMITS, type InboxItem, type InboxKind, type InboxListQuery, type InboxPage, type InboxSummary } from '../../contract/inbox.ts';
import type { Db } from '../../server/db/client.ts';
import { itemColumns, orderOf, overdueSql, tableOf, toItem, whereOf, type ItemRow } from './inbox-sql.server.ts';

/** One page of the worked list and the count behind it (docs/decisions/0210-business-inbox.md). */
export async function listInbox(db: Db, kind: InboxKind, q: InboxListQuery): Promise<InboxPage> {
  const where = whereOf(kind, q);
  const [rows, count] = await Promise.all([
    sql<ItemRow>`
      select ${itemColumns(kind)}
      from ${tableOf(kind)} r left join users u on u.id = r.assigned_to
      where ${where}
      order by ${orderOf(kind, q.sort)}
      limit ${q.limit} offset ${(q.page - 1) * q.limit}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from ${tableOf(kind)} r where ${where}`.execute(db),
  ]);
  const now = Date.now();
  return {
    items: rows.rows.map((r) => toItem(kind, r, now)),
    total: count.rows[0]?.n ?? 0,
    page: q.page,
    limit: q.limit,
  };
}

/** Every row of the filtered list, in the list's order, up to the export's bound. */
export async function exportInbox(db: Db, kind: InboxKind, q: InboxListQuery): Promise<{ items: InboxItem[]; truncated: boolean }> {
  const rows = await sql<ItemRow>`
    select ${itemColumns(kind)}
    from ${tableOf(kind)} r left join users u on u.id = r.assigned_to
    where ${whereOf(kind, q)}
    order by ${orderOf(kind, q.sort)}
    limit ${INBOX_LIMITS.exportMaxRows + 1}`.execute(db);
  const now = Date.now();
  return {
    items: rows.rows.slice(0, INBOX_LIMITS.exportMaxRows).map((r) => toItem(kind, r, now)),
    truncated: rows.rows.length > INBOX_LIMITS.exportMaxRows,
  };
}

/** The dashboard's "Waiting for a reply" and "Overdue" cards: unanswered quote requests. */
export async function inboxSummary(db: Db): Promise<InboxSummary> {
  const { rows } = await sql<InboxSummary>`
    select count(*)::int as waiting, (count(*) filter (where ${overdueSql}))::int as overdue
    from quotes r where r.merged_into is null and r.inbox_status = 'new'`.execute(db);
  return rows[0] ?? { waiting: 0, overdue: 0 };
}

/** Administrators a request can be assigned to. */
export async function listAdministrators(db: Db): Promise<{ id: string; name: string }[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'firstName', 'lastName'])
    .where('role', '=', 'admin')
    .orderBy('firstName')
    .orderBy('lastName')
    .limit(200)
    .execute();
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`.trim() }));
}
