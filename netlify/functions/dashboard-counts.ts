import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { mechanicCounts, ownerCounts } from '../../src/features/marketplace/counts/counts.server.ts';
import { requireRole } from '../../src/server/auth/guards.server.ts';
import { reply } from '../../src/server/http/reply.ts';
import { withApi } from '../../src/server/http/with-api.ts';

// The Overview's counters of the signed-in owner or mechanic, over all their rows (not a page).
export default withApi({
  GET: async (ctx) => {
    const user = await requireRole(ctx, 'pilot', 'mechanic');
    return reply(ROUTES.dashboardCounts, user.role === 'mechanic' ? await mechanicCounts(ctx.db, user) : await ownerCounts(ctx.db, user));
  },
});

export const config: Config = { path: '/api/dashboard/counts' };
