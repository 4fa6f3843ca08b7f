import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { requireApprovedMechanic } from '../../src/features/admin/mechanic-vetting.server.ts';
import {
  MECHANIC_REQUEST_KEYS,
  OWNER_REQUEST_KEYS,
  createRequest,
  getRequest,
  listCustomerRequests,
  listMechanicRequests,
} from '../../src/features/marketplace/requests.server.ts';
import { completeMatching } from '../../src/features/marketplace/matching.server.ts';
import { pageHeaders, readPage } from '../../src/server/http/paging.ts';
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
    if (id === 'user' || id === undefined) {
      const owner = await requireRole(ctx, 'pilot', 'admin');
      const page = await listCustomerRequests(ctx.db, owner.id, readPage(ctx.url, OWNER_REQUEST_KEYS));
      return reply(ROUTES.requestsOwn, await markRelistable(ctx.db, page.rows), {
        headers: pageHeaders(ctx.url, page.nextCursor),
      });
    }
    if (id === 'mechanic') {
      const mechanic = await requireRole(ctx, 'mechanic');
      requireApprovedMechanic(mechanic, 'requests');
      const page = await listMechanicRequests(ctx.db, mechanic.id, readPage(ctx.url, MECHANIC_REQUEST_KEYS));
      return reply(ROUTES.requestsMatched, page.rows, { headers: pageHeaders(ctx.url, page.nextCursor) });
    }
    const user = await requireUser(ctx);
    const kind = user.role === 'admin' ? 'admin' : user.role === 'mechanic' ? 'mechanic' : 'owner';
    return reply(ROUTES.request, await getRequest(ctx.db, { kind, userId: user.id }, id));
  },
  POST: async (ctx) => {
    if (segmentsAfter(ctx, BASE).length > 0)
      throw new HttpError(405, 'Service requests are created with POST /api/enhanced/quotes');
    const user = await requireRole(ctx, 'pilot');
    const data = await ctx.input(ROUTES.requestCreate);
    // Each request emails the nearest matched mechanics: capped per owner (docs/decisions/0183).
    await enforceWriteCap(ctx.db, 'requestsPerUser', user.id);
    const created = await createRequest(ctx.db, user, data);
    ctx.after((db) => completeMatching(db, created.id));
    return reply(ROUTES.requestCreate, created, { status: 201 });
  },
});

export const config: Config = {
  path: [
    '/api/enhanced/quotes',
    '/api/enhanced/quotes/user',
    '/api/enhanced/quotes/mechanic',
    '/api/enhanced/quotes/:id',
  ],
};
