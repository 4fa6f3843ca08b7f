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
import { listAllPosts, listTrash } from '../../src/features/blog/posts.server.ts';
import { requireRole } from '../../src/server/auth/guards.server.ts';
import { HttpError } from '../../src/server/http/errors.ts';
import { withApi, type ApiContext } from '../../src/server/http/with-api.ts';

const GENERATE = 'generate-initial-content';
const isGenerate = (ctx: ApiContext) => ctx.url.pathname.replace(/\/+$/, '').endsWith(`/${GENERATE}`);
const isRestore = (ctx: ApiContext) => ctx.url.pathname.replace(/\/+$/, '').endsWith('/restore');
const notAllowed = (allow: string) => new HttpError(405, 'Method not allowed here', { headers: { Allow: allow } });

// Admin only (401 without a session, 403 for other roles), checked before anything is read.
export default withApi({
  // Article HTML can be long: a larger body limit than the 64 KB of the public forms.
  maxBodyBytes: 1024 * 1024,
  GET: async (ctx) => {
    await requireRole(ctx, 'admin');
    // What Generate would replace, for the console's confirmation dialog.
    if (isGenerate(ctx))
      return reply(ROUTES.blogAdminGenerateSummary, { success: true, data: await adminGenerateSummary(ctx.db) });
    if (isRestore(ctx)) throw notAllowed('POST');
    if (ctx.params['id'] !== undefined)
      return reply(ROUTES.blogAdminPost, { success: true, data: await adminGetPost(ctx.db, postId(ctx.params['id'])) });
    const { status } = ctx.query(ROUTES.blogAdminPosts.query);
    return reply(ROUTES.blogAdminPosts, {
      success: true,
      data: status === 'trash' ? await listTrash(ctx.db) : await listAllPosts(ctx.db),
    });
  },
  POST: async (ctx) => {
    await requireRole(ctx, 'admin');
    if (isGenerate(ctx))
      return reply(ROUTES.blogAdminGenerate, {
        success: true,
        posts_created: await adminGenerateInitialContent(ctx.db),
      });
    if (isRestore(ctx))
      return reply(ROUTES.blogAdminRestore, {
        success: true,
        data: await adminRestorePost(ctx.db, postId(ctx.params['id'])),
      });
    if (ctx.params['id'] !== undefined) throw notAllowed('GET, PUT, DELETE');
    const post = await adminCreatePost(ctx.db, await ctx.input(ROUTES.blogAdminCreate));
    return reply(ROUTES.blogAdminCreate, { success: true, data: post }, { status: 201 });
  },
  PUT: async (ctx) => {
    await requireRole(ctx, 'admin');
    if (isGenerate(ctx) || isRestore(ctx) || ctx.params['id'] === undefined)
      throw notAllowed(isGenerate(ctx) ? 'GET, POST' : isRestore(ctx) ? 'POST' : 'GET, POST');
    const id = postId(ctx.params['id']);
    const body = await ctx.input(ROUTES.blogAdminUpdate);
    return reply(ROUTES.blogAdminUpdate, { success: true, data: await adminUpdatePost(ctx.db, id, body) });
  },
  DELETE: async (ctx) => {
    await requireRole(ctx, 'admin');
    if (isGenerate(ctx) || isRestore(ctx) || ctx.params['id'] === undefined)
      throw notAllowed(isGenerate(ctx) ? 'GET, POST' : isRestore(ctx) ? 'POST' : 'GET, POST');
    await adminDeletePost(ctx.db, postId(ctx.params['id']));
    return reply(ROUTES.blogAdminDelete, { success: true });
  },
});

export const config: Config = {
  path: [
    '/api/blog/admin/posts',
    '/api/blog/admin/posts/:id',
    '/api/blog/admin/posts/:id/restore',
    '/api/blog/admin/generate-initial-content',
  ],
};
