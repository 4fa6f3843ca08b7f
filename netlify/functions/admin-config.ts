import type { Config } from '@netlify/functions';
import { publicConfig } from '../../src/features/admin/settings.server.ts';
import { requireRole } from '../../src/server/auth/guards.server.ts';
import { withApi } from '../../src/server/http/with-api.ts';

// The non-secret configuration as key and value (notification_email among them).
export default withApi({
  GET: async (ctx) => {
    await requireRole(ctx, 'admin');
    return { success: true, data: await publicConfig(ctx.db) };
  },
});

export const config: Config = { path: '/api/admin/config' };
