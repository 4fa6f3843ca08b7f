import { sql, type RawBuilder, type SqlBool } from 'kysely';
import {
  INBOX_LIMITS,
  type InboxExportItem,
  type InboxKind,
  type InboxListQuery,
  type InboxPage,
  type InboxSummary,
} from '../../contract/inbox.ts';
import { discountCodeFor } from '../../contract/popup.ts';
import type { Db } from '../../server/db/client.ts';
import {
  leadItems,
  orderOf,
  overdueSql,
  quoteItems,
  readReplyClock,
  toItem,
  whereOf,
  QUOTE_ITEM_COLUMNS,
  type ItemRow,
} from './inbox-sql.server.ts';

/** One page of the worked list and the count behind it (docs/decisions/0210-business-inbox.md). */
export async function listInbox(db: Db, kind: InboxKind, q: InboxListQuery): Promise<InboxPage> {
  const clock = await readReplyClock(db);
  const where = whereOf(kind, q, clock);
  const order = orderOf(kind, q.sort);
  const offset = (q.page - 1) * q.limit;
  const [rows, count] = await Promise.all([
    kind === 'quotes' && q.sort === 'respondBy'
      ? respondByPage(db, where, q.limit, offset)
      : kind === 'quotes'
        ? quoteItems(db).where(where).orderBy(order).limit(q.limit).offset(offset).execute()
        : leadItems(db).where(where).orderBy(order).limit(q.limit).offset(offset).execute(),
    kind === 'quotes'
      ? db
          .selectFrom('quotes as r')
          .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))
          .where(where)
          .executeTakeFirst()
      : db
          .selectFrom('leads as r')
          .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))
          .where(where)
          .executeTakeFirst(),
  ]);
  const now = Date.now();
  return {
    items: rows.map((r) => toItem(kind, r, clock, now)),
    total: count?.n ?? 0,
    page: q.page,
    limit: q.limit,
  };
}

/**
 * Respond-by first, as three ordered parts each read from its own index (migrations 0024 and
 * 0044) instead of sorting every row: the unanswered urgent ones, oldest first, the other
 * unanswered, oldest first, then the rest, newest first. Each part needs at most offset + limit rows.
 */
async function respondByPage(db: Db, where: RawBuilder<SqlBool>, limit: number, offset: number) {
  return (await respondByQuery(where, limit, offset).execute(db)).rows;
}

/**
 * The query of `respondByPage` (the bench prints its plan). Raw SQL, its row type asserted: each
 * branch of the union keeps its own `order by` and `limit` in parentheses, which Kysely's
 * `unionAll` does not write, and without them each part reads every row instead of its index's first.
 */
export function respondByQuery(where: RawBuilder<SqlBool>, limit: number, offset: number): RawBuilder<ItemRow> {
  const cols = QUOTE_ITEM_COLUMNS;
  return sql<ItemRow>`
    select * from (
      (select ${cols}, 0 as grp from quotes r left join users u on u.id = r.assigned_to
        where ${where} and r.inbox_status = 'new' and r.urgent
        order by r.created_at asc, r.id asc limit ${offset + limit})
      union all
      (select ${cols}, 1 as grp from quotes r left join users u on u.id = r.assigned_to
        where ${where} and r.inbox_status = 'new' and not r.urgent
        order by r.created_at asc, r.id asc limit ${offset + limit})
      union all
      (select ${cols}, 2 as grp from quotes r left join users u on u.id = r.assigned_to
        where ${where} and r.inbox_status <> 'new'
        order by r.created_at desc, r.id desc limit ${offset + limit})
    ) t
    order by t.grp, (case when t.grp < 2 then t.created_at end) asc, (case when t.grp < 2 then t.id end) asc, t.created_at desc, t.id desc
    limit ${limit} offset ${offset}`;
}

/** Every row of the filtered list, in the list's order, up to the export's bound. */
export async function exportInbox(
  db: Db,
  kind: InboxKind,
  q: InboxListQuery,
): Promise<{ items: InboxExportItem[]; truncated: boolean }> {
  const clock = await readReplyClock(db);
  const where = whereOf(kind, q, clock);
  const order = orderOf(kind, q.sort);
  const bound = INBOX_LIMITS.exportMaxRows + 1;
  // The export's money and code columns: a quote request's own, a lead's code only whether a quote came back with it.
  const rows =
    kind === 'quotes'
      ? await quoteItems(db)
          .select([
            'r.lastInvoiceAmount',
            'r.invoiceIncludesParts',
            'r.estimatedSavingsDollars',
            'r.discountCode',
            sql<null>`null::boolean`.as('codeUsedOnQuote'),
          ])
          .where(where)
          .orderBy(order)
          .limit(bound)
          .execute()
      : await leadItems(db)
          .select((eb) => [
            sql<null>`null::numeric`.as('lastInvoiceAmount'),
            sql<null>`null::text`.as('invoiceIncludesParts'),
            sql<null>`null::numeric`.as('estimatedSavingsDollars'),
            sql<null>`null::text`.as('discountCode'),
            eb
              .exists(
                eb
                  .selectFrom('quotes as q')
                  .select(sql`1`.as('one'))
                  .whereRef('q.discountLeadId', '=', 'r.id'),
              )
              // PostgreSQL answers `exists` with a boolean; Kysely's SqlBool also allows 0 and 1.
              .$castTo<boolean>()
              .as('codeUsedOnQuote'),
          ])
          .where(where)
          .orderBy(order)
          .limit(bound)
          .execute();
  const now = Date.now();
  return {
    items: rows.slice(0, INBOX_LIMITS.exportMaxRows).map((r) => ({
      ...toItem(kind, r, clock, now),
      lastInvoiceAmount: r.lastInvoiceAmount,
      invoiceIncludesParts: r.invoiceIncludesParts,
      estimatedSavingsDollars: r.estimatedSavingsDollars,
      // A lead's code is a function of its id (discountCodeFor); only the popup gave one out.
      discountCode: kind === 'quotes' ? r.discountCode : r.source.startsWith('popup') ? discountCodeFor(r.id) : null,
      codeUsedOnQuote: kind === 'quotes' ? null : r.codeUsedOnQuote,
    })),
    truncated: rows.length > INBOX_LIMITS.exportMaxRows,
  };
}

/** The dashboard's "Waiting for a reply" and "Overdue" cards: unanswered quote requests. */
export async function inboxSummary(db: Db): Promise<InboxSummary> {
  const clock = await readReplyClock(db);
  const row = await db
    .selectFrom('quotes as r')
    .select((eb) => [
      eb.cast<number>(eb.fn.countAll(), 'integer').as('waiting'),
      eb.cast<number>(eb.fn.countAll().filterWhere(overdueSql(clock)), 'integer').as('overdue'),
      eb
        .selectFrom('aogReports')
        .select((e) => e.cast<number>(e.fn.countAll(), 'integer').as('n'))
        .where('status', '=', 'open')
        .as('aogOpen'),
      eb
        .selectFrom('conversationReports')
        .select((e) => e.cast<number>(e.fn.count('conversationId').distinct(), 'integer').as('n'))
        .where('resolvedAt', 'is', null)
        .as('reportsOpen'),
    ])
    .where('r.mergedInto', 'is', null)
    .where('r.inboxStatus', '=', 'new')
    .executeTakeFirst();
  // A count is never null; a scalar subquery's type says it could be.
  return row
    ? { waiting: row.waiting, overdue: row.overdue, aogOpen: row.aogOpen ?? 0, reportsOpen: row.reportsOpen ?? 0 }
    : { waiting: 0, overdue: 0, aogOpen: 0, reportsOpen: 0 };
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
