import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { IntegrationTypeSchema } from '../../src/contract/admin-config.ts';
import { previewRotation, rotateApiKeys } from '../../src/features/integrations/api-keys.server.ts';
import { requireRole } from '../../src/server/auth/guards.server.ts';
import { parseWith, withApi } from '../../src/server/http/with-api.ts';

// POST ?batch_size=3: the rotation rule of docs/decisions/0050-api-key-rotation.md.
// GET: what POST would do (which key becomes primary, which are left out), for the console to ask.
export default withApi({
  GET: async (ctx) => {
    await requireRole(ctx, 'admin');
    const integration = parseWith(IntegrationTypeSchema, ctx.params['integration']);
    const { batch_size } = ctx.query(ROUTES.adminApiKeyRotatePreview.query);
    return reply(ROUTES.adminApiKeyRotatePreview, {
      success: true,
      data: await previewRotation(ctx.db, integration, batch_size),
    });
  },
  POST: async (ctx) => {
    await requireRole(ctx, 'admin');
    const integration = parseWith(IntegrationTypeSchema, ctx.params['integration']);
    const { batch_size } = ctx.query(ROUTES.adminApiKeyRotate.query);
    return reply(ROUTES.adminApiKeyRotate, {
      success: true,
      message: await rotateApiKeys(ctx.db, integration, batch_size),
    });
  },
});

export const config: Config = { path: '/api/admin/config/api-keys/:integration/rotate' };
