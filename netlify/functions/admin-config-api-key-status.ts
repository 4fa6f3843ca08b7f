import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { setApiKeyStatus } from '../../src/features/integrations/api-key-admin.server.ts';
import { purgeBlogPages } from '../../src/features/blog/cache-purge.server.ts';
import { TAG_SITE_SETTINGS } from '../../src/features/site/site-cache.ts';
import { readFormOrJson } from '../../src/server/http/form-body.server.ts';
import { parseWith, serve, withApi } from '../../src/server/http/with-api.ts';

// PUT ?status=active|inactive (or the same field in the body): Activate / Deactivate.
export default withApi(
  serve(ROUTES.adminApiKeyStatus, async (ctx) => {
    const status = ctx.url.searchParams.get('status') ?? (await readFormOrJson(ctx.req))['status'];
    const { status: wanted } = parseWith(ROUTES.adminApiKeyStatus.query, { status });
    const data = await setApiKeyStatus(ctx.db, ctx.params.id, wanted);
    // The public pages read Google Analytics' primary ID through the CDN (docs/decisions/0275).
    await purgeBlogPages([TAG_SITE_SETTINGS]);
    return reply(ROUTES.adminApiKeyStatus, { success: true, data });
  }),
);

export const config: Config = { path: '/api/admin/config/api-keys/:id/status' };
