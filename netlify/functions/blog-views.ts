import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { readSlugs, viewCounts } from '../../src/features/blog/views.server.ts';
import { reply } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// Public, no auth, never cached: the true view counts of the blog's cards (?slugs=a,b,c), which
// the CDN-kept list and pages would show a day late (docs/decisions/0199).
export default withApi(
  serve(ROUTES.blogViewCounts, async (ctx) =>
    reply(ROUTES.blogViewCounts, { success: true, data: await viewCounts(ctx.db, readSlugs(ctx.url)) }),
  ),
);

export const config: Config = { path: '/api/blog/views' };
