// /rss.xml: every published post, from the same build-time data as the blog pages.
import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { BLOG_TEXT } from '../contract/blog-constants.ts';
import { BUSINESS } from '../contract/business.ts';
import { blogBuildData } from '../features/blog/build-data.server.ts';

export async function GET(context: APIContext): Promise<Response> {
  const { posts } = await blogBuildData();
  return rss({
    title: `${BLOG_TEXT.listTitle} | ${BUSINESS.name}`,
    description: 'Aircraft maintenance advice from certified A&P mechanics.',
    site: context.site ?? 'http://localhost:4321',
    items: posts.map((post) => ({
      title: post.title,
      link: `/blog/${post.slug}`,
      pubDate: new Date(post.publishedAt ?? post.createdAt),
      description: post.excerpt || post.metaDescription,
      categories: [post.category, ...post.tags],
    })),
    customData: '<language>en-us</language>',
  });
}
