import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { BlogPostData } from '../../contract/blog.ts';
import type { BlogPost } from '../../contract/blog-constants.ts';
import { BUSINESS } from '../../contract/business.ts';
import type { Db } from '../../server/db/client.ts';
import type { BlogPostsTable } from '../../server/db/tables/blog.ts';
import { plainText, sanitizeArticleHtml } from './sanitize.server.ts';
import { slugify, uniqueSlug } from './slug.ts';
import { metaFor, readingTimeMinutes } from './text.ts';

// A post's row and its answer, the admin's reads and the writes of what the admin typed. The public
// reads are in published-posts.server.ts, the trash in posts-trash.server.ts, Generate's library in
// library-posts.server.ts.

type Row = Omit<Selectable<BlogPostsTable>, 'search'>;

/** Every column but the search document (large, never answered). */
export const COLUMNS = [
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

export const iso = (d: Date | string) => (typeof d === 'string' ? new Date(d) : d).toISOString();

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
