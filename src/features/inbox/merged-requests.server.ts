import { sql, type ExpressionBuilder } from 'kysely';
import { fullNameSql } from '../../server/db/full-name.ts';
import { INBOX_LIMITS, type InboxKind, type MergedRequest } from '../../contract/inbox.ts';
import type { Db } from '../../server/db/client.ts';
import type { Database } from '../../server/db/schema.ts';

/** When `r` was merged into `id`: its merge line in the survivor's history. */
const mergedAtOf = (id: string) => (eb: ExpressionBuilder<Database & { r: { id: string } }, 'r'>) =>
  eb
    .selectFrom('inboxEvents as e')
    .select((e) => e.fn.max('e.at').as('at'))
    .where('e.subjectId', '=', id)
    .where('e.kind', '=', 'merge')
    .whereRef('e.otherId', '=', 'r.id')
    .as('mergedAt');

/** The requests merged into `id`, with the customer's words, newest merge first. */
export async function mergedInto(db: Db, kind: InboxKind, id: string): Promise<MergedRequest[]> {
  const mergedAt = mergedAtOf(id);
  const rows =
    kind === 'quotes'
      ? await db
          .selectFrom('quotes as r')
          .select((eb) => [
            'r.id',
            'r.createdAt',
            fullNameSql('r').as('name'),
            'r.returnEmail as email',
            'r.returnPhone as phone',
            'r.message',
            'r.additionalNotes',
            'r.discountCode',
            mergedAt(eb),
          ])
          .where('r.mergedInto', '=', id)
          .orderBy('mergedAt', (ob) => ob.desc().nullsLast())
          .orderBy('r.createdAt', 'desc')
          .limit(INBOX_LIMITS.duplicatesShown * 4)
          .execute()
      : await db
          .selectFrom('leads as r')
          .select((eb) => [
            'r.id',
            'r.createdAt',
            'r.firstName as name',
            'r.email',
            'r.phone',
            sql<null>`null`.as('message'),
            sql<null>`null`.as('additionalNotes'),
            sql<null>`null`.as('discountCode'),
            mergedAt(eb),
          ])
          .where('r.mergedInto', '=', id)
          .orderBy('mergedAt', (ob) => ob.desc().nullsLast())
          .orderBy('r.createdAt', 'desc')
          .limit(INBOX_LIMITS.duplicatesShown * 4)
          .execute();
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
