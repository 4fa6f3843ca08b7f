import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { requireApprovedMechanic } from '../../src/features/admin/mechanic-vetting.server.ts';
import {
  MECHANIC_REQUEST_KEYS,
  OWNER_REQUEST_KEYS,
  listCustomerRequests,
  listMechanicRequests,
} from '../../src/features/marketplace/request-lists.server.ts';
import { createRequest } from '../../src/features/marketplace/requests.server.ts';
import { getRequest } from '../../src/features/marketplace/request-view.server.ts';
import { completeMatching } from '../../src/features/marketplace/match-fanout.server.ts';
import { pageHeaders, readPage } from '../../src/server/http/paging.ts';
import { serve, withApi, type RouteContext } from '../../src/server/http/with-api.ts';
import { enforceWriteCap } from '../../src/server/http/write-caps.server.ts';

// Service requests ("enhanced quotes"): a pilot creates and lists their own; a mechanic lists the
// ones matched to them; one request is visible to its owner, its matched mechanics and admins.
type OwnRequests = typeof ROUTES.requestsOwn | typeof ROUTES.requestsOwnAtBase;

// The two paths answer the same list (the answer types are one: ServiceRequest[]).
async function ownRequests(route: OwnRequests, ctx: RouteContext<OwnRequests>) {
  const owner = ctx.user;
  const page = await listCustomerRequests(ctx.db, owner.id, readPage(ctx.url, OWNER_REQUEST_KEYS));
  return reply(route as typeof ROUTES.requestsOwn, page.rows, {
    headers: pageHeaders(ctx.url, page.nextCursor),
  });
}

export default withApi(
  serve(ROUTES.requestsOwn, (ctx) => ownRequests(ROUTES.requestsOwn, ctx)),
  serve(ROUTES.requestsOwnAtBase, (ctx) => ownRequests(ROUTES.requestsOwnAtBase, ctx)),
  serve(ROUTES.requestsMatched, async (ctx) => {
    const mechanic = ctx.user;
    requireApprovedMechanic(mechanic, 'requests');
    const page = await listMechanicRequests(ctx.db, mechanic.id, readPage(ctx.url, MECHANIC_REQUEST_KEYS));
    return reply(ROUTES.requestsMatched, page.rows, { headers: pageHeaders(ctx.url, page.nextCursor) });
  }),
  serve(ROUTES.request, async (ctx) => {
    const { user } = ctx;
    const kind = user.role === 'admin' ? 'admin' : user.role === 'mechanic' ? 'mechanic' : 'owner';
    return reply(ROUTES.request, await getRequest(ctx.db, { kind, userId: user.id }, ctx.params.id));
  }),
  serve(ROUTES.requestCreate, async (ctx) => {
    const { user } = ctx;
    const data = await ctx.input(ROUTES.requestCreate);
    // Each request emails the nearest matched mechanics: capped per owner (docs/decisions/0183).
    await enforceWriteCap(ctx.db, 'requestsPerUser', user.id);
    const created = await createRequest(ctx.db, user, data);
    ctx.after((db) => completeMatching(db, created.id));
    return reply(ROUTES.requestCreate, created, { status: 201 });
  }),
);

export const config: Config = {
  path: [
    '/api/enhanced/quotes',
    '/api/enhanced/quotes/user',
    '/api/enhanced/quotes/mechanic',
    '/api/enhanced/quotes/:id',
  ],
};
