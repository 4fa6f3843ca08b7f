import { sql, type Insertable, type Selectable } from 'kysely';
import type { BlogPostData } from '../../contract/blog.ts';
import {
  BLOG_TRASH_DAYS,
  type BlogCategory,
  type BlogPagination,
  type BlogPost,
  type GenerateSummary,
  type TrashedBlogPost,
} from '../../contract/blog-constants.ts';
import type { BlogListQuery } from '../../contract/blog-query.ts';
import { BUSINESS } from '../../contract/business.ts';
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
  'id',
  'title',
  'slug',
  'content',
  'excerpt',
  'category',
  'tags',
  'seoKeywords',
  'published',
  'metaTitle',
  'metaDescription',
  'authorName',
  'readingTime',
  'views',
  'publishedAt',
  'createdAt',
  'updatedAt',
] as const;

const iso = (d: Date | string) => (typeof d === 'string' ? new Date(d) : d).toISOString();

/**
 * `author_name` holds the author as typed (empty when none); the byline readers see falls back
 * to the business's name (docs/decisions/0462). POST_JSON writes the same in SQL.
 */
const byline = (author: string) => author || BUSINESS.name;

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
    authorName: byline(row.authorName),
    author: row.authorName,
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
  // The title is text, kept as typed (`<script>` in a title is shown as those characters, never
  // silently removed): every renderer escapes it (docs/decisions/0032-blog-html-safety.md).
  const title = input.title.replace(/\s+/g, ' ').trim();
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
    authorName: plainText(input.author),
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
export async function createPost(db: Db, input: BlogPostData): Promise<BlogPost> {
  const fields = await derive(db, input);
  for (let attempt = 1; ; attempt += 1) {
    const slug = await freeSlug(db, fields.title);
    try {
      const row = await db
        .insertInto('blogPosts')
        .values({ ...fields, slug, publishedAt: fields.published ? new Date() : null })
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
export async function updatePost(
  db: Db,
  id: string,
  input: BlogPostData,
): Promise<{ post: BlogPost; before: BlogPost } | undefined> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('blogPosts')
      .select(COLUMNS)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
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

// ---------- trash ----------

const DAY_MS = 24 * 60 * 60 * 1000;
const trashCutoff = () => new Date(Date.now() - BLOG_TRASH_DAYS * DAY_MS);

/** Keeps removed posts whole in the trash (a post trashed again replaces its older copy). */
async function toTrash(db: Db, posts: BlogPost[], reason: 'deleted' | 'replaced'): Promise<void> {
  // Posts older than the trash's time are gone for good; done here, where the trash grows.
  await db.deleteFrom('blogPostsTrash').where('trashedAt', '<', trashCutoff()).execute();
  if (!posts.length) return;
  await db
    .insertInto('blogPostsTrash')
    .values(posts.map((post) => ({ id: post.id, post: JSON.stringify(post), reason })))
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        post: eb.ref('excluded.post'),
        reason: eb.ref('excluded.reason'),
        trashedAt: new Date(),
      })),
    )
    .execute();
}

/** Deletes a post into the trash, from where it can be restored for BLOG_TRASH_DAYS. */
export async function deletePost(db: Db, id: string): Promise<BlogPost | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('blogPosts').where('id', '=', id).returning(COLUMNS).executeTakeFirst();
    if (!row) return undefined;
    const post = toBlogPost(row);
    await toTrash(trx, [post], 'deleted');
    return post;
  });
}

/** The trash, most recently removed first (only what is younger than BLOG_TRASH_DAYS). */
export async function listTrash(db: Db): Promise<TrashedBlogPost[]> {
  const rows = await db
    .selectFrom('blogPostsTrash')
    .selectAll()
    .where('trashedAt', '>=', trashCutoff())
    .orderBy('trashedAt', 'desc')
    .execute();
  return rows.map((r) => ({
    ...(r.post as unknown as BlogPost),
    trashedAt: iso(r.trashedAt),
    purgeAt: new Date(new Date(r.trashedAt).getTime() + BLOG_TRASH_DAYS * DAY_MS).toISOString(),
    reason: r.reason,
  }));
}

/**
 * Brings a post back from the trash with its id, views and dates, at its own address (a
 * "-2" address showed the post twice on /blog and in the feed). When a live post has
 * taken that address meanwhile (Generate reuses the library's), it is not restored: a 409 names
 * that post, and the trash keeps this one. Undefined when the trash holds no such post.
 */
export async function restorePost(db: Db, id: string): Promise<BlogPost | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('blogPostsTrash')
      .where('id', '=', id)
      .where('trashedAt', '>=', trashCutoff())
      .returningAll()
      .executeTakeFirst();
    if (!row) return undefined;
    const post = row.post as unknown as BlogPost;
    const holder = await trx.selectFrom('blogPosts').select(['title']).where('slug', '=', post.slug).executeTakeFirst();
    // Thrown inside the transaction: the delete from the trash is rolled back with it.
    if (holder) throw conflict(restoreBlockedDetail(post.slug, holder.title));
    const slug = post.slug;
    const restored = await trx
      .insertInto('blogPosts')
      .values({
        id: post.id,
        title: post.title,
        slug,
        content: post.content,
        excerpt: post.excerpt,
        category: post.category,
        tags: post.tags,
        seoKeywords: post.seoKeywords,
        published: post.published,
        metaTitle: post.metaTitle,
        metaDescription: post.metaDescription,
        // A post trashed before posts had an author field carries only its byline.
        authorName: post.author ?? post.authorName,
        readingTime: post.readingTime,
        views: post.views,
        publishedAt: post.publishedAt ? new Date(post.publishedAt) : null,
        createdAt: new Date(post.createdAt),
        updatedAt: new Date(post.updatedAt),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning(COLUMNS)
      .executeTakeFirst();
    if (!restored) throw conflict('A post with this id already exists.');
    return toBlogPost(restored);
  });
}

/** A library article as Generate inserted it, untouched since (same slug, never edited). */
function isLibraryOriginal(
  post: Pick<BlogPost, 'slug' | 'createdAt' | 'updatedAt'>,
  librarySlugs: Set<string>,
): boolean {
  return librarySlugs.has(post.slug) && post.createdAt === post.updatedAt;
}

/** What Generate would replace: every post, how many of them by hand, and what comes instead. */
export async function generateSummary(db: Db, articles: LibraryArticle[]): Promise<GenerateSummary> {
  const posts = await db.selectFrom('blogPosts').select(['slug', 'createdAt', 'updatedAt']).execute();
  const librarySlugs = new Set(articles.map((a) => a.slug));
  const handWritten = posts.filter(
    (p) => !isLibraryOriginal({ slug: p.slug, createdAt: iso(p.createdAt), updatedAt: iso(p.updatedAt) }, librarySlugs),
  ).length;
  return { posts: posts.length, handWritten, library: articles.length };
}

function libraryRow(article: LibraryArticle, views = 0): Insertable<BlogPostsTable> {
  return {
    views,
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
export async function insertLibrary(
  db: Db,
  articles: LibraryArticle[],
  viewsBySlug: ReadonlyMap<string, number> = new Map(),
): Promise<number> {
  if (!articles.length) return 0;
  await db
    .insertInto('blogPosts')
    .values(articles.map((a) => libraryRow(a, viewsBySlug.get(a.slug) ?? 0)))
    .execute();
  return articles.length;
}

export const GENERATE_RUNNING_DETAIL =
  'Professional content is already being generated. The new posts will be listed when it finishes.';

/**
 * 'Generate Professional Content': every post replaced by the library, all or nothing; the replaced
 * posts go to the trash (restorable for BLOG_TRASH_DAYS). One run at a
 * time: two at once would each delete what they see and insert the library, and the second insert
 * would meet the first's slugs. A second press while one runs is told so (409), never a 500.
 */
export async function replaceAllWithLibrary(db: Db, articles: LibraryArticle[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_xact_lock(hashtext('blog:generate-initial-content')) as locked`.execute(trx);
    if (!rows[0]?.locked) throw conflict(GENERATE_RUNNING_DETAIL);
    const replaced = await trx.deleteFrom('blogPosts').returning(COLUMNS).execute();
    await toTrash(
      trx,
      replaced.map((r) => toBlogPost(r)),
      'replaced',
    );
    // An article at the same address keeps the views it was read (Generate
    // reset every count to 0); the replaced post keeps its own in the trash too.
    const viewsBySlug = new Map(replaced.map((r) => [r.slug, r.views]));
    return insertLibrary(trx, articles, viewsBySlug);
  });
}

/** Why a trashed post cannot go back to its address (said by the console beside Restore). */
export function restoreBlockedDetail(slug: string, holderTitle: string): string {
  return `This post cannot go back to its address /blog/${slug}: the post “${holderTitle}” has it now. Move that post to the trash first, then restore this one.`;
}
