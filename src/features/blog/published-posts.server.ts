import { sql } from 'kysely';
import type { BlogCategory, BlogPagination, BlogPost } from '../../contract/blog-constants.ts';
import type { BlogListQuery } from '../../contract/blog-query.ts';
import { BUSINESS } from '../../contract/business.ts';
import type { Db } from '../../server/db/client.ts';
import { COLUMNS, resolveCategory, toBlogPost } from './posts.server.ts';
import { slugify } from './slug.ts';

// What a visitor reads: the published list, its categories, an article and its related posts,
// and every published post for the feed and the sitemap.

/** A timestamp as JavaScript's `toISOString()` writes it (UTC, milliseconds), computed in SQL. */
const isoSql = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * A post as the API answers it (toBlogPost's shape), serialised by PostgreSQL: a list answer is
 * six whole articles (~60 KB), and building that JSON in the database spares the function parsing
 * every column and serialising it again (tests/api/blog.test.ts holds the two shapes equal).
 */
const POST_JSON = sql<string>`json_build_object(
  'id', id, 'title', title, 'slug', slug, 'content', content, 'excerpt', excerpt, 'category', category,
  'tags', tags, 'seoKeywords', seo_keywords, 'published', published, 'metaTitle', meta_title,
  'metaDescription', meta_description, 'authorName', coalesce(nullif(author_name, ''), ${BUSINESS.name}::text),
  'author', author_name, 'createdAt', ${isoSql('created_at')},
  'publishedAt', ${isoSql('published_at')}, 'updatedAt', ${isoSql('updated_at')},
  'readingTime', reading_time, 'views', views)::text`;

/** One page of the public list: its posts as a JSON array (text), ready to send. */
export interface PublishedPage {
  dataJson: string;
  pagination: BlogPagination;
}

/**
 * Published posts, newest first, or ranked by relevance when `q` is given (Postgres full-text
 * search: websearch syntax, weights title A, excerpt and tags B, content C).
 */
export async function listPublished(db: Db, query: BlogListQuery): Promise<PublishedPage> {
  const { page, limit } = query;
  const text = query.q ?? query.search;
  const category = query.category ? await resolveCategory(db, query.category) : undefined;
  const tsquery = text ? sql`websearch_to_tsquery('english', ${text})` : undefined;

  let base = db.selectFrom('blogPosts').where('published', '=', true);
  if (category) base = base.where('category', '=', category);
  if (tsquery) base = base.where(sql<boolean>`search @@ ${tsquery}`);

  // One round trip: the page and, through a window function, the number of matching posts.
  const rows = await (tsquery ? base.orderBy(sql`ts_rank(search, ${tsquery})`, 'desc') : base)
    .orderBy('publishedAt', 'desc')
    .orderBy('createdAt', 'desc')
    .select(POST_JSON.as('json'))
    .select(sql<string>`count(*) over ()`.as('total'))
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  // Past the last page there is no row to carry the total: count separately (rare).
  const count = rows[0]
    ? Number(rows[0].total)
    : page === 1
      ? 0
      : Number((await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow()).total);
  return {
    dataJson: `[${rows.map((r) => r.json).join(',')}]`,
    pagination: { page, pages: Math.ceil(count / limit), total: count, limit },
  };
}

/** Categories that have published posts, with how many, alphabetically. */
export async function listCategories(db: Db): Promise<BlogCategory[]> {
  const rows = await db
    .selectFrom('blogPosts')
    .select(['category', (eb) => eb.fn.countAll<string>().as('n')])
    .where('published', '=', true)
    .groupBy('category')
    .orderBy('category')
    .execute();
  return rows.map((r) => ({ id: slugify(r.category), name: r.category, postCount: Number(r.n) }));
}

/** A published post by slug, counting one view atomically (one UPDATE ... RETURNING). */
export async function viewPublishedPost(db: Db, slug: string): Promise<BlogPost | undefined> {
  const row = await db
    .updateTable('blogPosts')
    .set((eb) => ({ views: eb('views', '+', 1) }))
    .where('slug', '=', slug)
    .where('published', '=', true)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row ? toBlogPost(row, { resanitize: true }) : undefined;
}

/** A published post by slug, for its page (no view counted: the page's script counts it). */
export async function findPublishedBySlug(db: Db, slug: string): Promise<BlogPost | undefined> {
  const row = await db
    .selectFrom('blogPosts')
    .select(COLUMNS)
    .where('slug', '=', slug)
    .where('published', '=', true)
    .executeTakeFirst();
  return row ? toBlogPost(row, { resanitize: true }) : undefined;
}

/** Up to `limit` other published posts of the post's category, newest first ('Related Articles'). */
export async function relatedPosts(
  db: Db,
  post: Pick<BlogPost, 'id' | 'category'>,
  limit: number,
): Promise<BlogPost[]> {
  const rows = await db
    .selectFrom('blogPosts')
    .select(COLUMNS)
    .where('published', '=', true)
    .where('category', '=', post.category)
    .where('id', '!=', post.id)
    .orderBy('publishedAt', 'desc')
    .orderBy('createdAt', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => toBlogPost(r));
}

/** Every published post, newest first (the feed and the sitemap). */
export async function allPublished(db: Db): Promise<BlogPost[]> {
  const rows = await db
    .selectFrom('blogPosts')
    .select(COLUMNS)
    .where('published', '=', true)
    .orderBy('publishedAt', 'desc')
    .orderBy('createdAt', 'desc')
    .execute();
  return rows.map((r) => toBlogPost(r));
}
