import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { dashboardStats } from '../../src/features/admin/dashboard.server.ts';
import { requireRole } from '../../src/server/auth/guards.server.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

export default withApi(
  serve(ROUTES.adminDashboard, async (ctx) => {
    await requireRole(ctx, 'admin');
    return reply(ROUTES.adminDashboard, { success: true, data: await dashboardStats(ctx.db) });
  }),
);

export const config: Config = { path: '/api/admin/dashboard' };
