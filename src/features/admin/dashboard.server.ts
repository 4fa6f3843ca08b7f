import { sql } from 'kysely';
import type { AdminLead, AdminQuote, DashboardStats } from '../../contract/admin-dashboard.ts';
import { QUOTE_STATUS_OF_INBOX } from '../../contract/inbox.ts';
import type { Db } from '../../server/db/client.ts';
import { toAdminLead, toAdminQuote } from './admin-views.ts';

/**
 * The three stat cards, counted over the public quote requests in one pass: the requests the Inbox
 * lists (a merged duplicate is part of the request it was merged into), by the one status the
 * database derives from the Inbox's (docs/decisions/0420-one-status-the-inbox.md).
 */
export async function dashboardStats(db: Db): Promise<DashboardStats> {
  const row = await db
    .selectFrom('quotes')
    .where('mergedInto', 'is', null)
    .select([
      sql<number>`count(*)::int`.as('totalQuotes'),
      sql<number>`(count(*) filter (where status = ${QUOTE_STATUS_OF_INBOX.new}))::int`.as('pendingQuotes'),
      sql<number>`(count(*) filter (where status = ${QUOTE_STATUS_OF_INBOX.won}))::int`.as('completedQuotes'),
    ])
    .executeTakeFirstOrThrow();
  return { totalQuotes: row.totalQuotes, pendingQuotes: row.pendingQuotes, completedQuotes: row.completedQuotes };
}

/** Newest quote requests first (id breaks ties so the order is stable), merged duplicates left out. */
export async function listQuotesForAdmin(db: Db, limit: number): Promise<AdminQuote[]> {
  const rows = await db
    .selectFrom('quotes')
    .select([
      'id',
      'firstName',
      'lastName',
      'aircraftMake',
      'aircraftModel',
      'registrationNumber',
      'returnEmail',
      'returnPhone',
      'serviceType',
      'location',
      'message',
      'status',
      'createdAt',
      'estimatedSavings',
      'estimatedSavingsDollars',
      'discountCode',
    ])
    .where('mergedInto', 'is', null)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toAdminQuote);
}

/** Newest captured leads first, merged duplicates left out. */
export async function listLeadsForAdmin(db: Db, limit: number): Promise<AdminLead[]> {
  const rows = await db
    .selectFrom('leads')
    .select(['id', 'firstName', 'email', 'phone', 'source', 'status', 'createdAt'])
    .select((eb) =>
      eb
        .selectFrom('quotes')
        .select((q) => q.fn.max('quotes.createdAt').as('at'))
        .whereRef('quotes.discountLeadId', '=', 'leads.id')
        .as('codeUsedAt'),
    )
    .where('mergedInto', 'is', null)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toAdminLead);
}
