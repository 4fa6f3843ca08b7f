import { sql } from 'kysely';
import type { AdminLead, AdminQuote, DashboardStats } from '../../contract/admin-dashboard.ts';
import type { Db } from '../../server/db/client.ts';
import { toAdminLead, toAdminQuote } from './admin-views.ts';

/** The three stat cards, counted over the public quote requests in one pass. */
export async function dashboardStats(db: Db): Promise<DashboardStats> {
  const row = await db
    .selectFrom('quotes')
    .select([
      sql<number>`count(*)::int`.as('totalQuotes'),
      sql<number>`(count(*) filter (where status = 'pending'))::int`.as('pendingQuotes'),
      sql<number>`(count(*) filter (where status = 'completed'))::int`.as('completedQuotes'),
    ])
    .executeTakeFirstOrThrow();
  return { totalQuotes: row.totalQuotes, pendingQuotes: row.pendingQuotes, completedQuotes: row.completedQuotes };
}

/** Newest quote requests first (id breaks ties so the order is stable). */
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
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toAdminQuote);
}

/** Newest captured leads first. */
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
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toAdminLead);
}
