import type { Pagination } from '../../contract/marketing.ts';
import { sql, type Selectable } from 'kysely';
import { MARKETING_LIMITS, type LeadAnalytics, type MarketingLead } from '../../contract/marketing.ts';
import type { Db } from '../../server/db/client.ts';
import type { MarketingLeadsTable } from '../../server/db/tables/admin.ts';
import { notFound } from '../../server/http/errors.ts';
import type { LeadDraft } from './apollo-mapping.ts';

type LeadRow = Selectable<MarketingLeadsTable>;

export function toLeadView(row: LeadRow): MarketingLead {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: row.fullName,
    title: row.title,
    companyName: row.companyName,
    email: row.email,
    phone: row.phone,
    city: row.city,
    state: row.state,
    linkedinUrl: row.linkedinUrl,
    leadType: row.leadType,
    leadScore: row.leadScore,
    status: row.status,
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Newest first, then best score. */
export async function listLeads(
  db: Db,
  page: number,
  perPage: number,
): Promise<{ leads: MarketingLead[]; pagination: Pagination }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('marketingLeads')
      .selectAll()
      .orderBy('createdAt', 'desc')
      .orderBy('leadScore', 'desc')
      .orderBy('id')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    db
      .selectFrom('marketingLeads')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return {
    leads: rows.map(toLeadView),
    pagination: { page, per_page: perPage, total, pages: Math.max(1, Math.ceil(total / perPage)) },
  };
}

/**
 * Saves new leads; a lead whose email or LinkedIn profile is already stored is skipped (the
 * unique indexes decide, so two searches at once cannot both insert it). Returns the leads as
 * stored, new and existing, and how many were new.
 */
export async function saveLeadDrafts(
  db: Db,
  drafts: readonly LeadDraft[],
  searchId: string | null,
): Promise<{ leads: MarketingLead[]; saved: number }> {
  if (drafts.length === 0) return { leads: [], saved: 0 };
  const inserted = await db
    .insertInto('marketingLeads')
    .values(drafts.map((d) => ({ ...d, searchId })))
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .execute();
  const emails = drafts.flatMap((d) => (d.email ? [d.email] : []));
  const profiles = drafts.flatMap((d) => (d.linkedinUrl ? [d.linkedinUrl] : []));
  const insertedIds = inserted.map((r) => r.id);
  const existing =
    emails.length || profiles.length
      ? await db
          .selectFrom('marketingLeads')
          .selectAll()
          .where((eb) =>
            eb.or([
              ...(emails.length ? [eb(eb.fn('lower', ['email']), 'in', emails)] : []),
              ...(profiles.length ? [eb(eb.fn('lower', ['linkedinUrl']), 'in', profiles)] : []),
            ]),
          )
          .$if(insertedIds.length > 0, (qb) => qb.where('id', 'not in', insertedIds))
          .execute()
      : [];
  const rows = [...inserted, ...existing].sort((a, b) => b.leadScore - a.leadScore);
  return { leads: rows.map(toLeadView), saved: inserted.length };
}

/** Adds tags to leads (existing tags kept, duplicates ignored in any case); returns how many leads changed. */
export async function addLeadTags(db: Db, ids: readonly string[], tags: readonly string[]): Promise<number> {
  const result = await db
    .updateTable('marketingLeads')
    .set({
      tags: sql<string[]>`array(
        select t from (
          select distinct on (lower(t)) t, n from unnest(tags || ${sql.val([...tags])}::text[]) with ordinality as u(t, n) order by lower(t), n
        ) x order by n
      )`,
      updatedAt: sql`now()`,
    })
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  const updated = Number(result.numUpdatedRows);
  if (updated === 0) throw notFound('None of the selected leads exist any more. Reload the list.');
  return updated;
}

export async function recordSearch(
  db: Db,
  search: { keywords: string[]; states: string[]; roles: string[]; quantity: number },
  resultsCount: number,
  userId: string,
  sample = false,
): Promise<string> {
  const row = await db
    .insertInto('leadSearches')
    .values({ ...search, resultsCount, savedCount: 0, createdBy: userId, sample })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setSearchSavedCount(db: Db, id: string, saved: number): Promise<void> {
  await db.updateTable('leadSearches').set({ savedCount: saved }).where('id', '=', id).execute();
}

/** docs/product.md §3, Lead analytics. Recent = the last 30 days; top 10 states. */
export async function leadAnalytics(db: Db): Promise<LeadAnalytics> {
  const since = sql<Date>`now() - make_interval(days => ${MARKETING_LIMITS.analyticsWindowDays})`;
  const [totals, searches, byType, byState, site] = await Promise.all([
    db
      .selectFrom('marketingLeads')
      .select((eb) => [
        eb.fn.countAll<string>().as('total'),
        sql<string>`count(*) filter (where created_at >= ${since})`.as('recent'),
        sql<string | null>`round(avg(lead_score), 1)`.as('average'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('leadSearches')
      .select((eb) => [eb.fn.countAll<string>().as('n'), sql<string>`count(*) filter (where sample)`.as('sample')])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('marketingLeads')
      .select((eb) => ['leadType', eb.fn.countAll<string>().as('n')])
      .groupBy('leadType')
      .orderBy('n', 'desc')
      .orderBy('leadType')
      .execute(),
    db
      .selectFrom('marketingLeads')
      .select((eb) => ['state', eb.fn.countAll<string>().as('n')])
      .where('state', 'is not', null)
      .groupBy('state')
      .orderBy('n', 'desc')
      .orderBy('state')
      .limit(MARKETING_LIMITS.topStates)
      .execute(),
    db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total_leads: Number(totals.total),
    recent_leads: Number(totals.recent),
    total_searches: Number(searches.n),
    average_lead_score: totals.average === null ? 0 : Number(totals.average),
    leads_by_type: byType.map((r) => ({ _id: r.leadType, count: Number(r.n) })),
    leads_by_state: byState.map((r) => ({ _id: r.state!, count: Number(r.n) })),
    sample_searches: Number(searches.sample),
    site_leads: Number(site.n),
  };
}
