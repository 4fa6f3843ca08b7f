import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { requireApprovedMechanic } from '../../src/features/admin/mechanic-vetting.server.ts';
import { completeMaintenance, requestMaintenance } from '../../src/features/maintenance/request-maintenance.server.ts';
import { assertMechanicReadsDueList } from '../../src/features/maintenance/due-list-access.server.ts';
import { reply } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// The due list of the aircraft a service request came from, with the items and squawks it was
// made for: its owner, matched mechanics and admins read it; the assigned mechanic marks done.
export default withApi(
  serve(ROUTES.requestMaintenance, async (ctx) => {
    const { id } = ctx.params;
    const { user } = ctx;
    if (user.role === 'mechanic') {
      requireApprovedMechanic(user, 'requests');
      await assertMechanicReadsDueList(ctx.db, user.id, id);
    }
    const kind = user.role === 'admin' ? 'admin' : user.role === 'mechanic' ? 'mechanic' : 'owner';
    return reply(ROUTES.requestMaintenance, await requestMaintenance(ctx.db, { kind, userId: user.id }, id));
  }),
  serve(ROUTES.requestMaintenanceComplete, async (ctx) => {
    const mechanic = ctx.user;
    requireApprovedMechanic(mechanic, 'requests');
    const data = await ctx.input(ROUTES.requestMaintenanceComplete);
    return reply(ROUTES.requestMaintenanceComplete, await completeMaintenance(ctx.db, mechanic, ctx.params.id, data));
  }),
);

export const config: Config = { path: '/api/enhanced/quotes/:id/maintenance' };
