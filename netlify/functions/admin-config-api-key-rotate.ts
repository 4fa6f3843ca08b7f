import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { IntegrationTypeSchema } from '../../src/contract/admin-config.ts';
import { previewRotation, rotateApiKeys } from '../../src/features/integrations/api-key-rotation.server.ts';
import { purgeBlogPages } from '../../src/features/blog/cache-purge.server.ts';
import { TAG_SITE_SETTINGS } from '../../src/features/site/site-cache.ts';
import { parseWith, serve, withApi } from '../../src/server/http/with-api.ts';

// POST ?batch_size=3: the rotation rule of docs/decisions/0050-api-key-rotation.md.
// GET: what POST would do (which key becomes primary, which are left out), for the console to ask.
export default withApi(
  serve(ROUTES.adminApiKeyRotatePreview, async (ctx) => {
    const integration = parseWith(IntegrationTypeSchema, ctx.params.integration);
    const { batch_size } = ctx.query(ROUTES.adminApiKeyRotatePreview.query);
    return reply(ROUTES.adminApiKeyRotatePreview, {
      success: true,
      data: await previewRotation(ctx.db, integration, batch_size),
    });
  }),
  serve(ROUTES.adminApiKeyRotate, async (ctx) => {
    const integration = parseWith(IntegrationTypeSchema, ctx.params.integration);
    const { batch_size } = ctx.query(ROUTES.adminApiKeyRotate.query);
    const message = await rotateApiKeys(ctx.db, integration, batch_size);
    // A new primary Google Analytics ID reaches the public pages through the CDN (docs/decisions/0275).
    if (integration === 'google_analytics') await purgeBlogPages([TAG_SITE_SETTINGS]);
    return reply(ROUTES.adminApiKeyRotate, { success: true, message });
  }),
);

export const config: Config = { path: '/api/admin/config/api-keys/:integration/rotate' };
