import { purgeCache } from '@netlify/functions';

/**
 * Purges the CDN's copies of the blog pages with these tags after a change (publish, edit, delete,
 * Generate, restore), so the next reader gets the page rendered from the database.
 * On Netlify the functions' environment holds the purge token (NETLIFY_PURGE_API_TOKEN) and the
 * site id. Without a token there is no CDN in front of the pages (`npm start`, tests): nothing to
 * purge. A failed purge is logged, never returned to the admin: the post is saved, and the cached
 * page expires by itself (BLOG_CDN_CACHE_CONTROL). Awaited, as a function may be frozen once it
 * has answered.
 */
export async function purgeBlogPages(tags: string[]): Promise<'purged' | 'skipped' | 'failed'> {
  const token = process.env['NETLIFY_PURGE_API_TOKEN'];
  if (!token || !tags.length) return 'skipped';
  try {
    await purgeCache({
      tags,
      token,
      // Tests point this at a local fake of Netlify's API.
      ...(process.env['NETLIFY_API_BASE'] ? { apiURL: process.env['NETLIFY_API_BASE'] } : {}),
    });
    return 'purged';
  } catch (error) {
    console.error(
      `[blog] purging the CDN cache for ${tags.join(', ')} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 'failed';
  }
}
