import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { requireApprovedMechanic } from '../../src/features/admin/mechanic-vetting.server.ts';
import { completeMaintenance, requestMaintenance } from '../../src/features/maintenance/maintenance.server.ts';
import { assertMechanicReadsDueList } from '../../src/features/maintenance/due-list-access.server.ts';
import { segmentsAfter } from '../../src/server/http/segments.ts';
import { requireRole, requireUser } from '../../src/server/auth/guards.server.ts';
import { reply } from '../../src/server/http/reply.ts';
import { withApi } from '../../src/server/http/with-api.ts';

// The due list of the aircraft a service request came from, with the items and squawks it was
// made for: its owner, matched mechanics and admins read it; the assigned mechanic marks done.
export default withApi({
  GET: async (ctx) => {
    const [id = ''] = segmentsAfter(ctx, '/api/enhanced/quotes');
    const user = await requireUser(ctx);
    if (user.role === 'mechanic') {
      requireApprovedMechanic(user, 'requests');
      await assertMechanicReadsDueList(ctx.db, user.id, id);
    }
    const kind = user.role === 'admin' ? 'admin' : user.role === 'mechanic' ? 'mechanic' : 'owner';
    return reply(ROUTES.requestMaintenance, await requestMaintenance(ctx.db, { kind, userId: user.id }, id));
  },
  POST: async (ctx) => {
    const [id = ''] = segmentsAfter(ctx, '/api/enhanced/quotes');
    const mechanic = await requireRole(ctx, 'mechanic');
    requireApprovedMechanic(mechanic, 'requests');
    const done = await completeMaintenance(ctx.db, mechanic, id, await ctx.input(ROUTES.requestMaintenanceComplete));
    return reply(ROUTES.requestMaintenanceComplete, done);
  },
});

export const config: Config = { path: '/api/enhanced/quotes/:id/maintenance' };
