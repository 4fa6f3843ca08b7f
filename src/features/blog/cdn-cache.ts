// How Netlify's CDN keeps the on-demand blog pages (docs/decisions/0033-blog-on-demand.md): in its
// durable cache until a change purges them by tag, served stale for a while when they expire.
// Browsers always revalidate, so a purge reaches a returning reader at once.
import { slugify } from './slug.ts';

/** CDN only (Netlify strips it before the browser): durable, a day fresh, a week stale-while-revalidate. */
export const BLOG_CDN_CACHE_CONTROL = 'public, durable, max-age=86400, stale-while-revalidate=604800';
/** The browser: always ask again (the CDN answers from its cache). */
export const BLOG_BROWSER_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** Every blog page carries it: purging it empties the whole blog (Generate). */
export const TAG_BLOG = 'blog';
/** The lists, the category pages, the feed and the sitemap: whatever shows more than one post. */
export const TAG_BLOG_LIST = 'blog-list';
/** One article's page. */
export const postTag = (slug: string) => `blog-post-${slug}`;
/** The articles of a category, which show its posts as 'Related Articles'. */
export const relatedTag = (category: string) => `blog-related-${slugify(category)}`;

/** Tags of an article's page. */
export function articleTags(post: { slug: string; category: string }): string[] {
  return [TAG_BLOG, postTag(post.slug), relatedTag(post.category)];
}

/** Tags to purge after a post changed (before and after the change, when the category moved). */
export function tagsAfterChange(...versions: ({ slug: string; category: string } | undefined)[]): string[] {
  const tags = new Set<string>([TAG_BLOG_LIST]);
  for (const v of versions) {
    if (!v) continue;
    tags.add(postTag(v.slug));
    tags.add(relatedTag(v.category));
  }
  return [...tags];
}

/** Sets the caching headers of an on-demand blog response. */
export function setBlogCacheHeaders(headers: Headers, tags: string[]): void {
  headers.set('Netlify-CDN-Cache-Control', BLOG_CDN_CACHE_CONTROL);
  headers.set('Cache-Control', BLOG_BROWSER_CACHE_CONTROL);
  headers.set('Netlify-Cache-Tag', tags.join(','));
}
