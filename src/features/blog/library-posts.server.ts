import { sql, type Insertable } from 'kysely';
import type { BlogPost, GenerateSummary } from '../../contract/blog-constants.ts';
import type { Db } from '../../server/db/client.ts';
import { conflict } from '../../server/http/errors.ts';
import type { BlogPostsTable } from '../../server/db/tables/blog.ts';
import type { LibraryArticle } from './content-library.server.ts';
import { COLUMNS, iso, toBlogPost } from './posts.server.ts';
import { toTrash } from './posts-trash.server.ts';

// Generate: the article library that replaces every post (the replaced ones to the trash), and the
// first run's seed.

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
