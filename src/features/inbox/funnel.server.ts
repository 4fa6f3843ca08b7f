import { sql } from 'kysely';
import { INBOX_LIMITS, INBOX_SOURCES, type Funnel, type FunnelRow } from '../../contract/inbox.ts';
import { labelOf } from '../../contract/options.ts';
import type { Db } from '../../server/db/client.ts';

interface Row {
  key: string | null;
  requests: number;
  answered: number;
  quoted: number;
  won: number;
  wonSavings: string | null;
}

const monthLabel = (key: string) =>
  new Date(`${key}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * requests -> answered within 24 h -> quoted -> won, by month (UTC) or by source, over quote
 * requests and leads arrived between `from` and `to`, with the average estimated savings of the
 * won quote requests. One pass over both tables, merged rows left out.
 */
export async function funnel(
  db: Db,
  q: { from: string | null; to: string | null; groupBy: 'month' | 'source' },
): Promise<Funnel> {
  const from = q.from ? (/^\d{4}-\d\d-\d\d$/.test(q.from) ? `${q.from}T00:00:00Z` : q.from) : null;
  const to = q.to
    ? /^\d{4}-\d\d-\d\d$/.test(q.to)
      ? new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000).toISOString()
      : q.to
    : null;
  const key = q.groupBy === 'month' ? sql`to_char(a.created_at at time zone 'UTC', 'YYYY-MM')` : sql`a.source`;
  // Raw SQL, its row type asserted: `group by rollup` (the totals row in the same pass) is not in
  // Kysely's builder, nor is a union of the two tables whose columns differ feeding one CTE.
  const { rows } = await sql<Row>`
    with a as (
      select created_at, source, inbox_status, answered_at, quoted_at, estimated_savings from quotes where merged_into is null
      union all
      select created_at,
        case when source like 'popup%' then 'popup' when source like 'referral%' then 'referral' else source end,
        inbox_status, answered_at, quoted_at, null from leads where merged_into is null
    )
    , g as (
      select ${key} as k, a.* from a
      where true ${from ? sql`and a.created_at >= ${from}::timestamptz` : sql``} ${to ? sql`and a.created_at < ${to}::timestamptz` : sql``}
    )
    select g.k as key,
      count(*)::int as requests,
      (count(*) filter (where g.answered_at <= g.created_at + make_interval(hours => ${INBOX_LIMITS.replyWithinHours})))::int as answered,
      (count(*) filter (where g.quoted_at is not null))::int as quoted,
      (count(*) filter (where g.inbox_status = 'won'))::int as won,
      round(avg(g.estimated_savings) filter (where g.inbox_status = 'won'), 1)::text as won_savings
    from g
    group by rollup (g.k) order by (g.k is null), g.k`.execute(db);
  const toRow = (r: Row): FunnelRow => ({
    key: r.key ?? 'total',
    label:
      r.key === null || r.key === 'total'
        ? 'Total'
        : q.groupBy === 'month'
          ? monthLabel(r.key)
          : labelOf(INBOX_SOURCES, r.key),
    requests: r.requests,
    answeredWithin24h: r.answered,
    quoted: r.quoted,
    won: r.won,
    wonSavingsPercent: r.wonSavings === null ? null : Number(r.wonSavings),
  });
  // rollup's last row (key null) is the whole period.
  const total = rows.find((r) => r.key === null);
  const list = rows.filter((r) => r.key !== null).map(toRow);
  return {
    groupBy: q.groupBy,
    from: q.from,
    to: q.to,
    rows: list,
    totals: toRow({ key: 'total', requests: 0, answered: 0, quoted: 0, won: 0, wonSavings: null, ...total }),
  };
}
