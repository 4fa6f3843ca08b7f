import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { listCategories } from '../../src/features/blog/posts.server.ts';
import { withApi } from '../../src/server/http/with-api.ts';

// Public, no auth: categories of published posts with their counts.
export default withApi({
  GET: async (ctx) => reply(ROUTES.blogCategories, { success: true, data: await listCategories(ctx.db) }),
});

export const config: Config = { path: '/api/blog/categories' };
