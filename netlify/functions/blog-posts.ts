import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply, replyWith } from '../../src/server/http/reply.ts';
import { listPublished, viewPublishedPost } from '../../src/features/blog/posts.server.ts';
import { notFound } from '../../src/server/http/errors.ts';
import { jsonText } from '../../src/server/http/json.ts';
import { withApi } from '../../src/server/http/with-api.ts';

// Public, no auth: published posts only.
export default withApi({
  GET: async (ctx) => {
    const slug = ctx.params['slug'];
    if (slug === undefined) {
      // Serialised by the database (posts.server.ts); tests/api/blog.test.ts holds each listed post
      // equal to its article answer, which reply() checks against the route's type.
      const { dataJson, pagination } = await listPublished(ctx.db, ctx.query(ROUTES.blogPosts.query));
      return replyWith(ROUTES.blogPosts, jsonText(`{"success":true,"data":${dataJson},"pagination":${JSON.stringify(pagination)}}`));
    }
    // Reading an article counts one view.
    const post = await viewPublishedPost(ctx.db, slug);
    if (!post) throw notFound('Article not found');
    return reply(ROUTES.blogPost, { success: true, data: post });
  },
});

export const config: Config = { path: ['/api/blog/posts', '/api/blog/posts/:slug'] };
