import type { Config } from '@netlify/functions';
import { BlogPostSchema } from '../../src/contract/blog.ts';
import { z } from 'zod';
import {
  adminCreatePost,
  adminDeletePost,
  adminGenerateInitialContent,
  adminGetPost,
  adminUpdatePost,
  postId,
} from '../../src/features/blog/blog-admin.server.ts';
import { listAllPosts } from '../../src/features/blog/posts.server.ts';
import { requireRole } from '../../src/server/auth/guards.server.ts';
import { json } from '../../src/server/http/json.ts';
import { HttpError } from '../../src/server/http/errors.ts';
import { withApi, type ApiContext } from '../../src/server/http/with-api.ts';

const GENERATE = 'generate-initial-content';
const isGenerate = (ctx: ApiContext) => ctx.url.pathname.replace(/\/+$/, '').endsWith(`/${GENERATE}`);
const notAllowed = (allow: string) => new HttpError(405, 'Method not allowed here', { headers: { Allow: allow } });

// Admin only (401 without a session, 403 for other roles), checked before anything is read.
export default withApi({
  // Article HTML can be long: a larger body limit than the 64 KB of the public forms.
  maxBodyBytes: 1024 * 1024,
  GET: async (ctx) => {
    await requireRole(ctx, 'admin');
    if (isGenerate(ctx)) throw notAllowed('POST');
    if (ctx.params['id'] !== undefined) return { success: true, data: await adminGetPost(ctx.db, postId(ctx.params['id'])) };
    return { success: true, data: await listAllPosts(ctx.db) };
  },
  POST: async (ctx) => {
    const admin = await requireRole(ctx, 'admin');
    if (isGenerate(ctx)) return { success: true, posts_created: await adminGenerateInitialContent(ctx.db) };
    if (ctx.params['id'] !== undefined) throw notAllowed('GET, PUT, DELETE');
    const post = await adminCreatePost(ctx.db, await ctx.body(BlogPostSchema), admin);
    return json({ success: true, data: post }, 201);
  },
  PUT: async (ctx) => {
    await requireRole(ctx, 'admin');
    if (isGenerate(ctx) || ctx.params['id'] === undefined) throw notAllowed(isGenerate(ctx) ? 'POST' : 'GET, POST');
    const id = postId(ctx.params['id']);
    const body = await ctx.body(z.record(z.string(), z.unknown(), { error: 'Request body must be a JSON object' }));
    return { success: true, data: await adminUpdatePost(ctx.db, id, body) };
  },
  DELETE: async (ctx) => {
    await requireRole(ctx, 'admin');
    if (isGenerate(ctx) || ctx.params['id'] === undefined) throw notAllowed(isGenerate(ctx) ? 'POST' : 'GET, POST');
    await adminDeletePost(ctx.db, postId(ctx.params['id']));
    return { success: true };
  },
});

export const config: Config = {
  path: ['/api/blog/admin/posts', '/api/blog/admin/posts/:id', '/api/blog/admin/generate-initial-content'],
};
