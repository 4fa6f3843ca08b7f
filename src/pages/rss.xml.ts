// /rss.xml: every published post, on demand from the database, cached by the CDN with the lists.
import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { BLOG_TEXT } from '../contract/blog-constants.ts';
import { pageTitle } from '../contract/page-title.ts';
import { publishedBlog } from '../features/blog/blog-pages.server.ts';
import { TAG_BLOG, TAG_BLOG_LIST, setBlogCacheHeaders } from '../features/blog/cdn-cache.ts';
import { articleHref } from '../features/blog/render.ts';

export const prerender = false;

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function GET(context: APIContext): Promise<Response> {
  const { posts } = await publishedBlog();
  const response = await rss({
    title: pageTitle(BLOG_TEXT.listTitle),
    description: 'Aircraft maintenance advice from certified A&P mechanics.',
    // The channel's link is the blog's list; its and the items' links are the one address the
    // site's own links write, without the slash this library adds by default.
    site: new URL('/blog', context.site ?? context.url.origin).href,
    trailingSlash: false,
    // RSS's own <author> is an email address: a post's author's name goes in dc:creator, when it has one.
    xmlns: { dc: 'http://purl.org/dc/elements/1.1/' },
    items: posts.map((post) => ({
      title: post.title,
      link: articleHref(post.slug),
      pubDate: new Date(post.publishedAt ?? post.createdAt),
      description: post.excerpt || post.metaDescription,
      categories: [post.category, ...post.tags],
      ...(post.author ? { customData: `<dc:creator>${escapeXml(post.author)}</dc:creator>` } : {}),
    })),
    customData: '<language>en-us</language>',
  });
  setBlogCacheHeaders(response.headers, [TAG_BLOG, TAG_BLOG_LIST]);
  return response;
}
