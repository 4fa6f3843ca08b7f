import type { Config } from '@netlify/functions';
import { BlogListQuerySchema } from '../../src/contract/blog-query.ts';
import { listPublished, viewPublishedPost } from '../../src/features/blog/posts.server.ts';
import { notFound } from '../../src/server/http/errors.ts';
import { withApi } from '../../src/server/http/with-api.ts';

// Public, no auth: published posts only.
export default withApi({
  GET: async (ctx) => {
    const slug = ctx.params['slug'];
    if (slug === undefined) return { success: true, ...(await listPublished(ctx.db, ctx.query(BlogListQuerySchema))) };
    // Reading an article counts one view.
    const post = await viewPublishedPost(ctx.db, slug);
    if (!post) throw notFound('Article not found');
    return { success: true, data: post };
  },
});

export const config: Config = { path: ['/api/blog/posts', '/api/blog/posts/:slug'] };
