import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { publicConfig } from '../../src/server/settings.server.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// The non-secret configuration as key and value (notification_email among them).
export default withApi(
  serve(ROUTES.adminConfig, async (ctx) => {
    return reply(ROUTES.adminConfig, { success: true, data: await publicConfig(ctx.db) });
  }),
);

export const config: Config = { path: '/api/admin/config' };
