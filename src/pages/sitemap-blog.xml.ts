// /sitemap-blog.xml: the blog's pages (list pages, categories, every published article), on demand
// from the database. The static pages' sitemap index (@astrojs/sitemap) lists it beside its own.
import type { APIContext } from 'astro';
import { BLOG_PAGE_SIZE } from '../contract/blog-constants.ts';
import { publishedBlog } from '../features/blog/blog-pages.server.ts';
import { TAG_BLOG, TAG_BLOG_LIST, setBlogCacheHeaders } from '../features/blog/cdn-cache.ts';
import { blogSitemapXml } from '../features/blog/sitemap.ts';

export const prerender = false;

export async function GET(context: APIContext): Promise<Response> {
  const { posts, categories } = await publishedBlog();
  const xml = blogSitemapXml(context.site ?? context.url.origin, posts, categories, BLOG_PAGE_SIZE);
  const response = new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
  setBlogCacheHeaders(response.headers, [TAG_BLOG, TAG_BLOG_LIST]);
  return response;
}
