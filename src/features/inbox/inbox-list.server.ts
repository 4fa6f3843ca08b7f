import { sql, type RawBuilder } from 'kysely';
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
  itemColumns,
  orderOf,
  overdueSql,
  readReplyClock,
  tableOf,
  toItem,
  whereOf,
  type ItemRow,
} from './inbox-sql.server.ts';

/** One page of the worked list and the count behind it (docs/decisions/0210-business-inbox.md). */
export async function listInbox(db: Db, kind: InboxKind, q: InboxListQuery): Promise<InboxPage> {
  const clock = await readReplyClock(db);
  const where = whereOf(kind, q, clock);
  const offset = (q.page - 1) * q.limit;
  const [rows, count] = await Promise.all([
    kind === 'quotes' && q.sort === 'respondBy'
      ? respondByPage(db, where, q.limit, offset)
      : sql<ItemRow>`
          select ${itemColumns(kind)}
          from ${tableOf(kind)} r left join users u on u.id = r.assigned_to
          where ${where}
          order by ${orderOf(kind, q.sort)}
          limit ${q.limit} offset ${offset}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from ${tableOf(kind)} r where ${where}`.execute(db),
  ]);
  const now = Date.now();
  return {
    items: rows.rows.map((r) => toItem(kind, r, clock, now)),
    total: count.rows[0]?.n ?? 0,
    page: q.page,
    limit: q.limit,
  };
}

/**
 * Respond-by first, as three ordered parts each read from its own index (migrations 0024 and
 * 0044) instead of sorting every row: the unanswered urgent ones, oldest first, the other
 * unanswered, oldest first, then the rest, newest first. Each part needs at most offset + limit rows.
 */
function respondByPage(db: Db, where: RawBuilder<unknown>, limit: number, offset: number) {
  return respondByQuery(where, limit, offset).execute(db);
}

/** The query of `respondByPage` (the bench prints its plan). */
export function respondByQuery(where: RawBuilder<unknown>, limit: number, offset: number): RawBuilder<ItemRow> {
  const cols = itemColumns('quotes');
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

interface ExportRow {
  lastInvoiceAmount: string | null;
  invoiceIncludesParts: string | null;
  estimatedSavingsDollars: string | null;
  discountCode: string | null;
  codeUsedOnQuote: boolean | null;
}

/** The export's money and code columns, aliased alike for both tables (alias `r`). */
function exportColumns(kind: InboxKind) {
  return kind === 'quotes'
    ? sql`r.last_invoice_amount, r.invoice_includes_parts, r.estimated_savings_dollars, r.discount_code,
        null::boolean as code_used_on_quote`
    : sql`null::numeric as last_invoice_amount, null::text as invoice_includes_parts,
        null::numeric as estimated_savings_dollars, null::text as discount_code,
        exists (select 1 from quotes q where q.discount_lead_id = r.id) as code_used_on_quote`;
}

/** Every row of the filtered list, in the list's order, up to the export's bound. */
export async function exportInbox(
  db: Db,
  kind: InboxKind,
  q: InboxListQuery,
): Promise<{ items: InboxExportItem[]; truncated: boolean }> {
  const clock = await readReplyClock(db);
  const rows = await sql<ItemRow & ExportRow>`
    select ${itemColumns(kind)}, ${exportColumns(kind)}
    from ${tableOf(kind)} r left join users u on u.id = r.assigned_to
    where ${whereOf(kind, q, clock)}
    order by ${orderOf(kind, q.sort)}
    limit ${INBOX_LIMITS.exportMaxRows + 1}`.execute(db);
  const now = Date.now();
  return {
    items: rows.rows.slice(0, INBOX_LIMITS.exportMaxRows).map((r) => ({
      ...toItem(kind, r, clock, now),
      lastInvoiceAmount: r.lastInvoiceAmount,
      invoiceIncludesParts: r.invoiceIncludesParts,
      estimatedSavingsDollars: r.estimatedSavingsDollars,
      // A lead's code is a function of its id (discountCodeFor); only the popup gave one out.
      discountCode: kind === 'quotes' ? r.discountCode : r.source.startsWith('popup') ? discountCodeFor(r.id) : null,
      codeUsedOnQuote: kind === 'quotes' ? null : r.codeUsedOnQuote,
    })),
    truncated: rows.rows.length > INBOX_LIMITS.exportMaxRows,
  };
}

/** The dashboard's "Waiting for a reply" and "Overdue" cards: unanswered quote requests. */
export async function inboxSummary(db: Db): Promise<InboxSummary> {
  const clock = await readReplyClock(db);
  const { rows } = await sql<InboxSummary>`
    select count(*)::int as waiting, (count(*) filter (where ${overdueSql(clock)}))::int as overdue,
      (select count(*)::int from aog_reports where status = 'open') as aog_open,
      (select count(distinct conversation_id)::int from conversation_reports where resolved_at is null) as reports_open
    from quotes r where r.merged_into is null and r.inbox_status = 'new'`.execute(db);
  return rows[0] ?? { waiting: 0, overdue: 0, aogOpen: 0, reportsOpen: 0 };
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
