import type { Db } from '../../server/db/client.ts';
import { badRequest } from '../../server/http/errors.ts';

/** At most a page of cards and a few related articles. */
export const VIEW_COUNTS_MAX_SLUGS = 24;

/** `?slugs=a,b,c` read and checked: a bounded list of plausible slugs. */
export function readSlugs(url: URL): string[] {
  const raw = url.searchParams.get('slugs') ?? '';
  const slugs = [
    ...new Set(
      raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (slugs.length === 0) throw badRequest('slugs is required: the posts whose views to read, comma-separated');
  if (slugs.length > VIEW_COUNTS_MAX_SLUGS) throw badRequest(`slugs: at most ${VIEW_COUNTS_MAX_SLUGS} posts at once`);
  if (slugs.some((s) => s.length > 200 || !/^[a-z0-9-]+$/.test(s)))
    throw badRequest('slugs: each must be a post address (a-z, 0-9 and -)');
  return slugs;
}

/**
 * The view counts of published posts, now: the blog's cards come from pages
 * and lists the CDN keeps for up to a day, so their numbers would lag behind the reads counted
 * since. The list's script reads the true numbers here, never cached. One indexed query.
 */
export async function viewCounts(db: Db, slugs: readonly string[]): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('blogPosts')
    .select(['slug', 'views'])
    .where('published', '=', true)
    .where('slug', 'in', [...slugs])
    .execute();
  return Object.fromEntries(rows.map((r) => [r.slug, r.views]));
}
