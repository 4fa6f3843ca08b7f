import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import {
  adminCreatePost,
  adminDeletePost,
  adminGenerateInitialContent,
  adminGenerateSummary,
  adminGetPost,
  adminRestorePost,
  adminUpdatePost,
  postId,
} from '../../src/features/blog/blog-admin.server.ts';
import { listAllPosts } from '../../src/features/blog/posts.server.ts';
import { listTrash } from '../../src/features/blog/posts-trash.server.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// Admin only (401 without a session, 403 for other roles), checked before anything is read.
export default withApi(
  // Article HTML can be long: a larger body limit than the 64 KB of the public forms.
  { maxBodyBytes: 1024 * 1024 },
  serve(ROUTES.blogAdminPosts, async (ctx) => {
    const { status } = ctx.query(ROUTES.blogAdminPosts.query);
    return reply(ROUTES.blogAdminPosts, {
      success: true,
      data: status === 'trash' ? await listTrash(ctx.db) : await listAllPosts(ctx.db),
    });
  }),
  serve(ROUTES.blogAdminCreate, async (ctx) => {
    const post = await adminCreatePost(ctx.db, await ctx.input(ROUTES.blogAdminCreate));
    return reply(ROUTES.blogAdminCreate, { success: true, data: post }, { status: 201 });
  }),
  serve(ROUTES.blogAdminPost, async (ctx) => {
    return reply(ROUTES.blogAdminPost, { success: true, data: await adminGetPost(ctx.db, postId(ctx.params.id)) });
  }),
  serve(ROUTES.blogAdminUpdate, async (ctx) => {
    const id = postId(ctx.params.id);
    const body = await ctx.input(ROUTES.blogAdminUpdate);
    return reply(ROUTES.blogAdminUpdate, { success: true, data: await adminUpdatePost(ctx.db, id, body) });
  }),
  serve(ROUTES.blogAdminDelete, async (ctx) => {
    await adminDeletePost(ctx.db, postId(ctx.params.id));
    return reply(ROUTES.blogAdminDelete, { success: true });
  }),
  serve(ROUTES.blogAdminRestore, async (ctx) => {
    return reply(ROUTES.blogAdminRestore, {
      success: true,
      data: await adminRestorePost(ctx.db, postId(ctx.params.id)),
    });
  }),
  // What Generate would replace, for the console's confirmation dialog.
  serve(ROUTES.blogAdminGenerateSummary, async (ctx) => {
    return reply(ROUTES.blogAdminGenerateSummary, { success: true, data: await adminGenerateSummary(ctx.db) });
  }),
  serve(ROUTES.blogAdminGenerate, async (ctx) => {
    return reply(ROUTES.blogAdminGenerate, { success: true, posts_created: await adminGenerateInitialContent(ctx.db) });
  }),
);

export const config: Config = {
  path: [
    '/api/blog/admin/posts',
    '/api/blog/admin/posts/:id',
    '/api/blog/admin/posts/:id/restore',
    '/api/blog/admin/generate-initial-content',
  ],
};
