import type { Config } from '@netlify/functions';
import { listCategories } from '../../src/features/blog/posts.server.ts';
import { withApi } from '../../src/server/http/with-api.ts';

// Public, no auth: categories of published posts with their counts.
export default withApi({
  GET: async (ctx) => ({ success: true, data: await listCategories(ctx.db) }),
});

export const config: Config = { path: '/api/blog/categories' };
