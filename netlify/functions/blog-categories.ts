import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { listCategories } from '../../src/features/blog/published-posts.server.ts';
import { TAG_BLOG, TAG_BLOG_LIST, setBlogCacheHeaders } from '../../src/features/blog/cdn-cache.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// Public, no auth: categories of published posts with their counts.
export default withApi(
  serve(ROUTES.blogCategories, async (ctx) => {
    const answer = reply(ROUTES.blogCategories, { success: true, data: await listCategories(ctx.db) });
    // Kept by the CDN until a post changes (docs/decisions/0202): a change purges the lists' tag.
    setBlogCacheHeaders(answer.response.headers, [TAG_BLOG, TAG_BLOG_LIST]);
    return answer;
  }),
);

export const config: Config = { path: '/api/blog/categories' };
