import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply, replyWith } from '../../src/server/http/reply.ts';
import {
  findPublishedBySlug,
  listPublished,
  viewPublishedPost,
} from '../../src/features/blog/published-posts.server.ts';
import { TAG_BLOG, TAG_BLOG_LIST, articleTags, setBlogCacheHeaders } from '../../src/features/blog/cdn-cache.ts';
import { notFound } from '../../src/server/http/errors.ts';
import { jsonText } from '../../src/server/http/json.ts';
import { markRead, viewVisitor } from '../../src/features/blog/view-visitor.server.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// Public, no auth: published posts only. Reads are kept by the CDN like the blog pages (durable,
// purged by tag when a post changes: docs/decisions/0033, 0202); a read of an article is counted
// by POST .../view, which the CDN never answers.
export default withApi(
  serve(ROUTES.blogPosts, async (ctx) => {
    // Serialised by the database (published-posts.server.ts); tests/api/blog.test.ts holds each listed post
    // equal to its article answer, which reply() checks against the route's type.
    const { dataJson, pagination } = await listPublished(ctx.db, ctx.query(ROUTES.blogPosts.query));
    const response = jsonText(`{"success":true,"data":${dataJson},"pagination":${JSON.stringify(pagination)}}`);
    setBlogCacheHeaders(response.headers, [TAG_BLOG, TAG_BLOG_LIST]);
    return replyWith(ROUTES.blogPosts, response);
  }),
  serve(ROUTES.blogPost, async (ctx) => {
    const post = await findPublishedBySlug(ctx.db, ctx.params.slug);
    if (!post) throw notFound('Article not found');
    const answer = reply(ROUTES.blogPost, { success: true, data: post });
    setBlogCacheHeaders(answer.response.headers, articleTags(post));
    return answer;
  }),
  serve(ROUTES.blogPostView, async (ctx) => {
    const { slug } = ctx.params;
    // Once per visitor per day (docs/decisions/0199): a second read today answers the count as is.
    const visitor = viewVisitor(ctx.ip, ctx.req.headers.get('user-agent'));
    const counted = visitor === null || (await markRead(ctx.db, slug, visitor));
    const post = counted ? await viewPublishedPost(ctx.db, slug) : await findPublishedBySlug(ctx.db, slug);
    if (!post) throw notFound('Article not found');
    return reply(ROUTES.blogPostView, { success: true, data: { views: post.views } });
  }),
);

export const config: Config = { path: ['/api/blog/posts', '/api/blog/posts/:slug', '/api/blog/posts/:slug/view'] };
