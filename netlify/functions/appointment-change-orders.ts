import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import {
  createChangeOrder,
  decideChangeOrder,
  listChangeOrders,
} from '../../src/features/bid-lines/change-orders.server.ts';
import { reply } from '../../src/server/http/reply.ts';
import { enforceWriteCap } from '../../src/server/http/write-caps.server.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// Change orders of a job in progress: the assigned mechanic adds lines, the owner decides each.
export default withApi(
  serve(ROUTES.changeOrders, async (ctx) => {
    return reply(ROUTES.changeOrders, await listChangeOrders(ctx.db, ctx.user, ctx.params.id));
  }),
  serve(ROUTES.changeOrderCreate, async (ctx) => {
    const { id } = ctx.params;
    const mechanic = ctx.user;
    const data = await ctx.input(ROUTES.changeOrderCreate);
    // Each change order emails the owner: capped per mechanic and per job (docs/decisions/0183).
    await enforceWriteCap(ctx.db, 'changeOrdersPerUser', mechanic.id);
    await enforceWriteCap(ctx.db, 'changeOrdersPerJob', id);
    return reply(ROUTES.changeOrderCreate, await createChangeOrder(ctx.db, mechanic, id, data), { status: 201 });
  }),
  serve(ROUTES.changeOrderDecide, async (ctx) => {
    const pilot = ctx.user;
    const { decisions } = await ctx.input(ROUTES.changeOrderDecide);
    const { id, changeOrderId } = ctx.params;
    return reply(ROUTES.changeOrderDecide, await decideChangeOrder(ctx.db, pilot, id, changeOrderId, decisions));
  }),
);

export const config: Config = {
  path: ['/api/appointments/:id/change-orders', '/api/appointments/:id/change-orders/:changeOrderId/decide'],
};
