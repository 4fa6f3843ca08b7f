import type { Config } from '@netlify/functions';
import { ServiceRequestSchema } from '../../src/contract/marketplace.ts';
import { requireApprovedMechanic } from '../../src/features/admin/mechanic-vetting.server.ts';
import { createRequest, getRequest, listCustomerRequests, listMechanicRequests } from '../../src/features/marketplace/requests.server.ts';
import { segmentsAfter } from '../../src/features/marketplace/routes.server.ts';
import { requireRole, requireUser } from '../../src/server/auth/guards.server.ts';
import { HttpError } from '../../src/server/http/errors.ts';
import { json } from '../../src/server/http/json.ts';
import { withApi } from '../../src/server/http/with-api.ts';

const BASE = '/api/enhanced/quotes';

// Service requests ("enhanced quotes"): a pilot creates and lists their own; a mechanic lists the
// ones matched to them; one request is visible to its owner, its matched mechanics and admins.
export default withApi({
  GET: async (ctx) => {
    const [id] = segmentsAfter(ctx, BASE);
    if (id === 'user' || id === undefined) return listCustomerRequests(ctx.db, (await requireRole(ctx, 'pilot', 'admin')).id);
    if (id === 'mechanic') {
      const mechanic = await requireRole(ctx, 'mechanic');
      requireApprovedMechanic(mechanic, 'requests');
      return listMechanicRequests(ctx.db, mechanic.id);
    }
    const user = await requireUser(ctx);
    const kind = user.role === 'admin' ? 'admin' : user.role === 'mechanic' ? 'mechanic' : 'owner';
    return getRequest(ctx.db, { kind, userId: user.id }, id);
  },
  POST: async (ctx) => {
    if (segmentsAfter(ctx, BASE).length > 0) throw new HttpError(405, 'Service requests are created with POST /api/enhanced/quotes');
    const user = await requireRole(ctx, 'pilot');
    return json(await createRequest(ctx.db, user, await ctx.body(ServiceRequestSchema)), 201);
  },
});

export const config: Config = {
  path: ['/api/enhanced/quotes', '/api/enhanced/quotes/user', '/api/enhanced/quotes/mechanic', '/api/enhanced/quotes/:id'],
};
