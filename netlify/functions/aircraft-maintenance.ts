import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import {
  addItem,
  deleteItem,
  getMaintenance,
  requestService,
  updateItem,
} from '../../src/features/maintenance/maintenance.server.ts';
import { completeMatching } from '../../src/features/marketplace/matching.server.ts';
import { segmentsAfter } from '../../src/server/http/segments.ts';
import { requireUser } from '../../src/server/auth/guards.server.ts';
import { HttpError } from '../../src/server/http/errors.ts';
import { reply, replyWith } from '../../src/server/http/reply.ts';
import { enforceWriteCap } from '../../src/server/http/write-caps.server.ts';
import { withApi, type ApiContext } from '../../src/server/http/with-api.ts';

// An aircraft's due list (items, verdict, squawks), its items, and a service request made from
// chosen items and squawks. Owner only: anyone else's aircraft is 404.
function parts(ctx: ApiContext): { aircraftId: string; second: string | undefined } {
  const [aircraftId = '', , second] = segmentsAfter(ctx, '/api/aircraft');
  return { aircraftId, second };
}

export default withApi({
  GET: async (ctx) => {
    const { aircraftId, second } = parts(ctx);
    if (second !== undefined)
      throw new HttpError(405, 'Method GET not allowed', { headers: { Allow: 'PATCH, DELETE' } });
    return reply(ROUTES.maintenance, await getMaintenance(ctx.db, (await requireUser(ctx)).id, aircraftId));
  },
  POST: async (ctx) => {
    const { aircraftId, second } = parts(ctx);
    const user = await requireUser(ctx);
    if (second === 'request') {
      const data = await ctx.input(ROUTES.maintenanceRequest);
      await enforceWriteCap(ctx.db, 'requestsPerUser', user.id); // emails mechanics (docs/decisions/0183)
      const created = await requestService(ctx.db, user, aircraftId, data);
      ctx.after((db) => completeMatching(db, created.id));
      return reply(ROUTES.maintenanceRequest, created, { status: 201 });
    }
    if (second !== undefined)
      throw new HttpError(405, 'Method POST not allowed', { headers: { Allow: 'PATCH, DELETE' } });
    return reply(
      ROUTES.maintenanceItemAdd,
      await addItem(ctx.db, user.id, aircraftId, await ctx.input(ROUTES.maintenanceItemAdd)),
      { status: 201 },
    );
  },
  PATCH: async (ctx) => {
    const { aircraftId, second } = parts(ctx);
    const user = await requireUser(ctx);
    if (second === undefined) throw new HttpError(405, 'Method PATCH not allowed', { headers: { Allow: 'GET, POST' } });
    return reply(
      ROUTES.maintenanceItemUpdate,
      await updateItem(ctx.db, user.id, aircraftId, second, await ctx.input(ROUTES.maintenanceItemUpdate)),
    );
  },
  DELETE: async (ctx) => {
    const { aircraftId, second } = parts(ctx);
    const user = await requireUser(ctx);
    if (second === undefined)
      throw new HttpError(405, 'Method DELETE not allowed', { headers: { Allow: 'GET, POST' } });
    await deleteItem(ctx.db, user.id, aircraftId, second);
    return replyWith(ROUTES.maintenanceItemDelete, new Response(null, { status: 204 }));
  },
});

export const config: Config = { path: ['/api/aircraft/:id/maintenance', '/api/aircraft/:id/maintenance/:itemId'] };
