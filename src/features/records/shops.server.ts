import type { Db } from '../../server/db/client.ts';
import { fullName } from '../../server/db/full-name.ts';
import type { Shop } from './record-pdf.server.ts';

/**
 * The shop printed on each entry's PDF: the mechanic's business name (their name and certificate
 * kind without one) and the base they work from, as their profile says.
 */
export async function shopsOf(db: Db, mechanicIds: readonly string[]): Promise<Map<string, Shop>> {
  const ids = [...new Set(mechanicIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('mechanicProfiles as p', 'p.userId', 'u.id')
    .select(['u.id', 'u.firstName', 'u.lastName', 'p.businessName', 'p.baseLocationLabel'])
    .where('u.id', 'in', ids)
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      { name: r.businessName?.trim() || `${fullName(r)}, A&P mechanic`, address: r.baseLocationLabel || null },
    ]),
  );
}
