import type { BlogCategory } from '../../contract/blog-constants.ts';
import { listHref } from './list-pages.ts';
import { articleHref } from './render.ts';

const escXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The blog's sitemap: every list page (all and per category) and every published article. */
export function blogSitemapXml(
  site: URL | string,
  posts: { slug: string; updatedAt: string }[],
  categories: BlogCategory[],
  pageSize: number,
): string {
  const entries: { loc: string; lastmod?: string }[] = [];
  const lists = (category: BlogCategory | null, total: number) => {
    const pages = Math.max(1, Math.ceil(total / pageSize));
    for (let page = 1; page <= pages; page += 1) entries.push({ loc: listHref(category, page) });
  };
  lists(null, posts.length);
  for (const category of categories) lists(category, category.postCount);
  for (const post of posts) entries.push({ loc: articleHref(post.slug), lastmod: post.updatedAt });
  const urls = entries
    .map(
      (e) =>
        `<url><loc>${escXml(new URL(e.loc, site).href)}</loc>${e.lastmod ? `<lastmod>${escXml(e.lastmod)}</lastmod>` : ''}</url>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`;
}
