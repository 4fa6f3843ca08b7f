import type { Config } from '@netlify/functions';
import { IntegrationTypeSchema, RotateQuerySchema } from '../../src/contract/admin-config.ts';
import { rotateApiKeys } from '../../src/features/admin/api-keys.server.ts';
import { requireRole } from '../../src/server/auth/guards.server.ts';
import { parseWith, withApi } from '../../src/server/http/with-api.ts';

// POST ?batch_size=3: the rotation rule of docs/decisions/0050-api-key-rotation.md.
export default withApi({
  POST: async (ctx) => {
    await requireRole(ctx, 'admin');
    const integration = parseWith(IntegrationTypeSchema, ctx.params['integration']);
    const { batch_size } = ctx.query(RotateQuerySchema);
    return { success: true, message: await rotateApiKeys(ctx.db, integration, batch_size) };
  },
});

export const config: Config = { path: '/api/admin/config/api-keys/:integration/rotate' };
