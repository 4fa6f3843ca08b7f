import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { dashboardStats } from '../../src/features/admin/dashboard.server.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

export default withApi(
  serve(ROUTES.adminDashboard, async (ctx) => {
    return reply(ROUTES.adminDashboard, { success: true, data: await dashboardStats(ctx.db) });
  }),
);

export const config: Config = { path: '/api/admin/dashboard' };
