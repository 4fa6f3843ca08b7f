import { sql } from 'kysely';
import { INBOX_LIMITS, type InboxKind, type MergedRequest } from '../../contract/inbox.ts';
import type { Db } from '../../server/db/client.ts';
import { tableOf } from './inbox-sql.server.ts';

/** The requests merged into `id`, with the customer's words, newest merge first. */
export async function mergedInto(db: Db, kind: InboxKind, id: string): Promise<MergedRequest[]> {
  const quotes = kind === 'quotes';
  const { rows } = await sql<{
    id: string;
    createdAt: Date;
    name: string;
    email: string;
    phone: string | null;
    message: string | null;
    additionalNotes: string | null;
    discountCode: string | null;
    mergedAt: Date | null;
  }>`
    select r.id, r.created_at, ${quotes ? sql`r.first_name || ' ' || r.last_name` : sql`r.first_name`} as name,
      ${quotes ? sql`r.return_email` : sql`r.email`} as email, ${quotes ? sql`r.return_phone` : sql`r.phone`} as phone,
      ${quotes ? sql`r.message` : sql`null`} as message,
      ${quotes ? sql`r.additional_notes` : sql`null`} as additional_notes,
      ${quotes ? sql`r.discount_code` : sql`null`} as discount_code,
      (select max(e.at) from inbox_events e where e.subject_id = ${id} and e.kind = 'merge' and e.other_id = r.id) as merged_at
    from ${tableOf(kind)} r where r.merged_into = ${id}
    order by merged_at desc nulls last, r.created_at desc
    limit ${INBOX_LIMITS.duplicatesShown * 4}`.execute(db);
  const undoMs = INBOX_LIMITS.mergeUndoDays * 86_400_000;
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    name: r.name,
    email: r.email,
    phone: r.phone,
    message: r.message,
    additionalNotes: r.additionalNotes,
    discountCode: r.discountCode,
    mergedAt: (r.mergedAt ?? r.createdAt).toISOString(),
    undoUntil: r.mergedAt ? new Date(r.mergedAt.getTime() + undoMs).toISOString() : null,
  }));
}
