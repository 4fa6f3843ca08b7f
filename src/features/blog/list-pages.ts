import { BLOG_PAGE_SIZE, type BlogCategory } from '../../contract/blog-constants.ts';

/** One prerendered list page: a page of posts, all or one category. */
export interface ListPage<P> {
  posts: P[];
  categories: BlogCategory[];
  /** The category's name, or null for 'All Articles'. */
  category: BlogCategory | null;
  page: number;
  pages: number;
  total: number;
}

/** Static routes of the list: /blog, /blog/page/N, /blog/category/{id}, /blog/category/{id}/page/N. */
export function listHref(category: Pick<BlogCategory, 'id'> | null, page = 1): string {
  const base = category ? `/blog/category/${encodeURIComponent(category.id)}` : '/blog';
  return page > 1 ? `${base}/page/${page}` : base;
}

/**
 * A list page's one address is the form `listHref` writes, without a trailing slash (as an
 * article's, docs/decisions/0400 and 0460): for a request with one, the address to move it to
 * for good (its query kept); null when the request already uses it.
 */
export function slashlessAddress(url: URL): string | null {
  if (!url.pathname.endsWith('/') || url.pathname === '/') return null;
  return `${url.pathname.replace(/\/+$/, '')}${url.search}`;
}

export function listPage<P extends { category: string }>(
  posts: P[],
  categories: BlogCategory[],
  category: BlogCategory | null,
  page: number,
  pageSize = BLOG_PAGE_SIZE,
): ListPage<P> {
  const matching = category ? posts.filter((p) => p.category === category.name) : posts;
  const pages = Math.ceil(matching.length / pageSize);
  return {
    posts: matching.slice((page - 1) * pageSize, page * pageSize),
    categories,
    category,
    page,
    pages,
    total: matching.length,
  };
}

/** Every list page beyond the first of each view, for getStaticPaths. */
export function extraPages(total: number, pageSize = BLOG_PAGE_SIZE): number[] {
  const pages = Math.ceil(total / pageSize);
  return Array.from({ length: Math.max(0, pages - 1) }, (_, i) => i + 2);
}

/**
 * A fingerprint of what a list page shows (posts, page count, category counts). The prerendered
 * page carries it; the browser compares it with the live API to know whether to re-render.
 */
export function listSignature(
  posts: { slug: string; title: string }[],
  pages: number,
  categories: BlogCategory[],
): string {
  return [
    posts.map((p) => `${p.slug}:${p.title}`).join(','),
    pages,
    categories.map((c) => `${c.name}:${c.postCount}`).join(','),
  ].join('|');
}
