import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { addItem, deleteItem, updateItem } from '../../src/features/maintenance/items.server.ts';
import { getMaintenance } from '../../src/features/maintenance/maintenance.server.ts';
import { requestService } from '../../src/features/maintenance/request-from-due-list.server.ts';
import { completeMatching } from '../../src/features/marketplace/match-fanout.server.ts';
import { reply, replyWith } from '../../src/server/http/reply.ts';
import { enforceWriteCap } from '../../src/server/http/write-caps.server.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// An aircraft's due list (items, verdict, squawks), its items, and a service request made from
// chosen items and squawks. Owner only: anyone else's aircraft is 404.
export default withApi(
  serve(ROUTES.maintenance, async (ctx) => {
    return reply(ROUTES.maintenance, await getMaintenance(ctx.db, ctx.user.id, ctx.params.id));
  }),
  serve(ROUTES.maintenanceRequest, async (ctx) => {
    const { user } = ctx;
    const data = await ctx.input(ROUTES.maintenanceRequest);
    await enforceWriteCap(ctx.db, 'requestsPerUser', user.id); // emails mechanics (docs/decisions/0183)
    const created = await requestService(ctx.db, user, ctx.params.id, data);
    ctx.after((db) => completeMatching(db, created.id));
    return reply(ROUTES.maintenanceRequest, created, { status: 201 });
  }),
  serve(ROUTES.maintenanceItemAdd, async (ctx) => {
    const { user } = ctx;
    const data = await ctx.input(ROUTES.maintenanceItemAdd);
    return reply(ROUTES.maintenanceItemAdd, await addItem(ctx.db, user.id, ctx.params.id, data), { status: 201 });
  }),
  serve(ROUTES.maintenanceItemUpdate, async (ctx) => {
    const { user } = ctx;
    const data = await ctx.input(ROUTES.maintenanceItemUpdate);
    return reply(
      ROUTES.maintenanceItemUpdate,
      await updateItem(ctx.db, user.id, ctx.params.id, ctx.params.itemId, data),
    );
  }),
  serve(ROUTES.maintenanceItemDelete, async (ctx) => {
    const { user } = ctx;
    await deleteItem(ctx.db, user.id, ctx.params.id, ctx.params.itemId);
    return replyWith(ROUTES.maintenanceItemDelete, new Response(null, { status: 204 }));
  }),
);

export const config: Config = { path: ['/api/aircraft/:id/maintenance', '/api/aircraft/:id/maintenance/:itemId'] };
