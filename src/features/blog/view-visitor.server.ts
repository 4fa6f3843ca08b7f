import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../server/db/client.ts';

/**
 * Who read an article, as far as counting goes (docs/decisions/0199): a hash of today's date, a
 * server secret, the client's address and browser. It is the same all day for one visitor and
 * says nothing the next day; no cookie is set, so no banner is needed. Null without an address
 * (then every read counts, as before).
 */
export function viewVisitor(ip: string, userAgent: string | null, today = new Date()): string | null {
  if (!ip) return null;
  const day = today.toISOString().slice(0, 10);
  const salt = process.env['JWT_SECRET'] ?? 'local-blog-views';
  return createHash('sha256')
    .update(`${salt}|${day}|${ip}|${userAgent ?? ''}`)
    .digest('base64url');
}

/**
 * Marks this visitor's read of the article today; false when it was marked already (the read is
 * not counted again). Yesterday's marks are kept for reads around midnight; older ones go now
 * and then, as marks come.
 */
export async function markRead(db: Db, slug: string, visitor: string): Promise<boolean> {
  if (Math.random() < 0.01)
    await db
      .deleteFrom('blogViewMarks')
      .where(sql<boolean>`day < current_date - 1`)
      .execute();
  const mark = await db
    .insertInto('blogViewMarks')
    .values({ day: sql<string>`current_date`, slug, visitor })
    .onConflict((oc) => oc.doNothing())
    .returning('slug')
    .executeTakeFirst();
  return mark !== undefined;
}
