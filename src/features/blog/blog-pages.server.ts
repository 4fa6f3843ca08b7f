// What the on-demand blog pages read from the database (docs/decisions/0033-blog-on-demand.md).
// Each returns undefined when the page does not exist, and the page answers 404.
import { BLOG_PAGE_SIZE, BLOG_RELATED, type BlogCategory, type BlogPost } from '../../contract/blog-constants.ts';
import { openDb, type Db } from '../../server/db/client.ts';
import type { ListPage } from './list-pages.ts';
import {
  allPublished,
  findPublishedBySlug,
  listCategories,
  listPublished,
  relatedPosts,
} from './published-posts.server.ts';

async function withDb<T>(read: (db: Db) => Promise<T>): Promise<T> {
  const { db, release } = openDb();
  try {
    return await read(db);
  } finally {
    await release();
  }
}

export function articlePage(slug: string): Promise<{ post: BlogPost; related: BlogPost[] } | undefined> {
  return withDb(async (db) => {
    const post = await findPublishedBySlug(db, slug);
    if (!post) return undefined;
    return { post, related: await relatedPosts(db, post, BLOG_RELATED) };
  });
}

/**
 * A page number from the path: only the canonical spelling of a whole number from 2 (page 1 is
 * the list's own address), so `/blog/page/01` or `/blog/page/1` do not duplicate a page.
 */
export function listPageNumber(raw: string | undefined): number | undefined {
  return raw && /^[1-9]\d*$/.test(raw) && Number(raw) >= 2 ? Number(raw) : undefined;
}

/**
 * One page of the list, all articles or one category (by its id). Undefined for an unknown
 * category or a page past the last; page 1 of the whole blog exists even when it is empty.
 */
export function listPage(categoryId: string | null, page: number): Promise<ListPage<BlogPost> | undefined> {
  return withDb(async (db) => {
    const categories = await listCategories(db);
    let category: BlogCategory | null = null;
    if (categoryId !== null) {
      category = categories.find((c) => c.id === categoryId) ?? null;
      if (!category) return undefined;
    }
    const { dataJson, pagination } = await listPublished(db, {
      page,
      limit: BLOG_PAGE_SIZE,
      category: category?.name,
      q: undefined,
      search: undefined,
    });
    if (page > 1 && page > pagination.pages) return undefined;
    // The list call's JSON, as the API answers it (published-posts.server.ts); parsed here to render.
    return {
      posts: JSON.parse(dataJson) as BlogPost[],
      categories,
      category,
      page,
      pages: pagination.pages,
      total: pagination.total,
    };
  });
}

/** Every published post and the categories (feed, sitemap). */
export function publishedBlog(): Promise<{ posts: BlogPost[]; categories: BlogCategory[] }> {
  return withDb(async (db) => {
    const [posts, categories] = await Promise.all([allPublished(db), listCategories(db)]);
    return { posts, categories };
  });
}
