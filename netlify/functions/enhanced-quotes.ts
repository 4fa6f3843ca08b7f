import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { requireApprovedMechanic } from '../../src/features/admin/mechanic-vetting.server.ts';
import { createRequest, getRequest, listCustomerRequests, listMechanicRequests } from '../../src/features/marketplace/requests.server.ts';
import { markRelistable } from '../../src/features/marketplace/relist.server.ts';
import { segmentsAfter } from '../../src/server/http/segments.ts';
import { requireRole, requireUser } from '../../src/server/auth/guards.server.ts';
import { HttpError } from '../../src/server/http/errors.ts';
import { withApi } from '../../src/server/http/with-api.ts';
import { enforceWriteCap } from '../../src/server/http/write-caps.server.ts';

const BASE = '/api/enhanced/quotes';

// Service requests ("enhanced quotes"): a pilot creates and lists their own; a mechanic lists the
// ones matched to them; one request is visible to its owner, its matched mechanics and admins.
export default withApi({
  GET: async (ctx) => {
    const [id] = segmentsAfter(ctx, BASE);
    if (id === 'user' || id === undefined) return reply(ROUTES.requestsOwn, await markRelistable(ctx.db, await listCustomerRequests(ctx.db, (await requireRole(ctx, 'pilot', 'admin')).id)));
    if (id === 'mechanic') {
      const mechanic = await requireRole(ctx, 'mechanic');
      requireApprovedMechanic(mechanic, 'requests');
      return reply(ROUTES.requestsMatched, await listMechanicRequests(ctx.db, mechanic.id));
    }
    const user = await requireUser(ctx);
    const kind = user.role === 'admin' ? 'admin' : user.role === 'mechanic' ? 'mechanic' : 'owner';
    return reply(ROUTES.request, await getRequest(ctx.db, { kind, userId: user.id }, id));
  },
  POST: async (ctx) => {
    if (segmentsAfter(ctx, BASE).length > 0) throw new HttpError(405, 'Service requests are created with POST /api/enhanced/quotes');
    const user = await requireRole(ctx, 'pilot');
    const data = await ctx.input(ROUTES.requestCreate);
    // Each request emails every matched mechanic: capped per owner (docs/decisions/0183).
    await enforceWriteCap(ctx.db, 'requestsPerUser', user.id);
    return reply(ROUTES.requestCreate, await createRequest(ctx.db, user, data), { status: 201 });
  },
});

export const config: Config = {
  path: ['/api/enhanced/quotes', '/api/enhanced/quotes/user', '/api/enhanced/quotes/mechanic', '/api/enhanced/quotes/:id'],
};
