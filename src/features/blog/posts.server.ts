import { sql, type Insertable, type Selectable } from 'kysely';
import type { BlogPostData } from '../../contract/blog.ts';
import type { BlogCategory, BlogPagination, BlogPost } from '../../contract/blog-constants.ts';
import type { BlogListQuery } from '../../contract/blog-query.ts';
import type { Db } from '../../server/db/client.ts';
import { conflict } from '../../server/http/errors.ts';
import type { BlogPostsTable } from '../../server/db/tables/blog.ts';
import type { LibraryArticle } from './content-library.server.ts';
import { plainText, sanitizeArticleHtml } from './sanitize.server.ts';
import { slugify, uniqueSlug } from './slug.ts';
import { metaFor, readingTimeMinutes } from './text.ts';

type Row = Omit<Selectable<BlogPostsTable>, 'search'>;

/** Every column but the search document (large, never answered). */
const COLUMNS = [
  'id', 'title', 'slug', 'content', 'excerpt', 'category', 'tags', 'seoKeywords', 'published', 'metaTitle',
  'metaDescription', 'authorName', 'readingTime', 'views', 'publishedAt', 'createdAt', 'updatedAt',
] as const;

const iso = (d: Date | string) => (typeof d === 'string' ? new Date(d) : d).toISOString();

/**
 * A stored post as the API answers it. The content was sanitized when saved; `resanitize`
 * applies the allow-list again before a reader gets it (defence in depth for the article call).
 */
export function toBlogPost(row: Row, options: { resanitize?: boolean } = {}): BlogPost {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    content: options.resanitize ? sanitizeArticleHtml(row.content) : row.content,
    excerpt: row.excerpt,
    category: row.category,
    tags: row.tags,
    seoKeywords: row.seoKeywords,
    published: row.published,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    authorName: row.authorName,
    createdAt: iso(row.createdAt),
    publishedAt: row.publishedAt ? iso(row.publishedAt) : null,
    updatedAt: iso(row.updatedAt),
    readingTime: row.readingTime,
    views: row.views,
  };
}

// ---------- public reads ----------

/**
 * The stored spelling of a category given by name (any case) or by id (its slug), or the value
 * itself when no published post has it (the list is then simply empty).
 */
export async function resolveCategory(db: Db, value: string): Promise<string> {
  const rows = await db.selectFrom('blogPosts').select('category').distinct().where('published', '=', true).execute();
  const wanted = value.toLowerCase();
  return rows.find((r) => r.category.toLowerCase() === wanted || slugify(r.category) === wanted)?.category ?? value;
}

/**
 * Published posts, newest first, or ranked by relevance when `q` is given (Postgres full-text
 * search: websearch syntax, weights title A, excerpt and tags B, content C).
 */
export async function listPublished(db: Db, query: BlogListQuery): Promise<{ data: BlogPost[]; pagination: BlogPagination }> {
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
    .select(COLUMNS)
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
    data: rows.map((r) => toBlogPost(r)),
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

/** Everything the build prerenders: every published post, newest first. */
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

// ---------- admin ----------

/** Every post, drafts included, newest first. */
export async function listAllPosts(db: Db): Promise<BlogPost[]> {
  const rows = await db.selectFrom('blogPosts').select(COLUMNS).orderBy('createdAt', 'desc').execute();
  return rows.map((r) => toBlogPost(r));
}

export async function findPost(db: Db, id: string): Promise<BlogPost | undefined> {
  const row = await db.selectFrom('blogPosts').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toBlogPost(row) : undefined;
}

/** A category typed in another case than an existing one takes the existing spelling. */
async function canonicalCategory(db: Db, category: string): Promise<string> {
  const existing = await db
    .selectFrom('blogPosts')
    .select('category')
    .where(sql<boolean>`lower(category) = lower(${category})`)
    .limit(1)
    .executeTakeFirst();
  return existing?.category ?? category;
}

/** The stored fields derived from what the admin typed: clean text, safe HTML, meta, reading time. */
async function derive(db: Db, input: BlogPostData) {
  const title = plainText(input.title);
  const excerpt = plainText(input.excerpt);
  const content = sanitizeArticleHtml(input.content);
  const category = await canonicalCategory(db, plainText(input.category));
  const meta = metaFor({
    title,
    excerpt,
    content,
    metaTitle: plainText(input.metaTitle),
    metaDescription: plainText(input.metaDescription),
  });
  return {
    title: title || 'Untitled',
    excerpt,
    content,
    category: category || 'General',
    tags: input.tags.map(plainText).filter(Boolean),
    seoKeywords: input.seoKeywords.map(plainText).filter(Boolean),
    published: input.published,
    metaTitle: meta.metaTitle,
    metaDescription: meta.metaDescription,
    readingTime: readingTimeMinutes(content),
  };
}

async function freeSlug(db: Db, title: string): Promise<string> {
  const base = slugify(title);
  const taken = await db
    .selectFrom('blogPosts')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .execute();
  return uniqueSlug(
    base,
    taken.map((r) => r.slug),
  );
}

const isSlugConflict = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';

/** Creates a post with a unique slug from its title (`title`, `title-2`...), retrying a lost race. */
export async function createPost(db: Db, input: BlogPostData, authorName: string): Promise<BlogPost> {
  const fields = await derive(db, input);
  for (let attempt = 1; ; attempt += 1) {
    const slug = await freeSlug(db, fields.title);
    try {
      const row = await db
        .insertInto('blogPosts')
        .values({ ...fields, slug, authorName, publishedAt: fields.published ? new Date() : null })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      return toBlogPost(row);
    } catch (error) {
      if (!isSlugConflict(error) || attempt >= 5) throw error;
    }
  }
}

/**
 * Updates a post; the slug stays (links and search results keep working after a title edit) and
 * publishedAt is set the first time the post is published. Undefined when there is no such post.
 */
export async function updatePost(db: Db, id: string, input: BlogPostData): Promise<{ post: BlogPost; before: BlogPost } | undefined> {
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('blogPosts').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!current) return undefined;
    const fields = await derive(trx, input);
    const row = await trx
      .updateTable('blogPosts')
      .set({
        ...fields,
        publishedAt: current.publishedAt ?? (fields.published ? new Date() : null),
        updatedAt: new Date(),
      })
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return { post: toBlogPost(row), before: toBlogPost(current) };
  });
}

export async function deletePost(db: Db, id: string): Promise<BlogPost | undefined> {
  const row = await db.deleteFrom('blogPosts').where('id', '=', id).returning(COLUMNS).executeTakeFirst();
  return row ? toBlogPost(row) : undefined;
}

function libraryRow(article: LibraryArticle): Insertable<BlogPostsTable> {
  return {
    title: article.title,
    slug: article.slug,
    content: article.content,
    excerpt: article.excerpt,
    category: article.category,
    tags: article.tags,
    seoKeywords: article.seoKeywords,
    published: true,
    metaTitle: article.metaTitle,
    metaDescription: article.metaDescription,
    authorName: article.authorName,
    readingTime: article.readingTime,
    publishedAt: article.publishedAt,
    createdAt: article.publishedAt,
    updatedAt: article.publishedAt,
  };
}

/** Inserts library articles as published posts (first-run seed). */
export async function insertLibrary(db: Db, articles: LibraryArticle[]): Promise<number> {
  if (!articles.length) return 0;
  await db.insertInto('blogPosts').values(articles.map(libraryRow)).execute();
  return articles.length;
}

export const GENERATE_RUNNING_DETAIL = 'Professional content is already being generated. The new posts will be listed when it finishes.';

/**
 * 'Generate Professional Content': every post replaced by the library, all or nothing. One run at a
 * time: two at once would each delete what they see and insert the library, and the second insert
 * would meet the first's slugs. A second press while one runs is told so (409), never a 500.
 */
export async function replaceAllWithLibrary(db: Db, articles: LibraryArticle[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(hashtext('blog:generate-initial-content')) as locked`.execute(trx);
    if (!rows[0]?.locked) throw conflict(GENERATE_RUNNING_DETAIL);
    await trx.deleteFrom('blogPosts').execute();
    return insertLibrary(trx, articles);
  });
}
