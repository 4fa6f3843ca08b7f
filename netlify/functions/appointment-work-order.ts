import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { workOrder } from '../../src/features/bid-lines/change-orders.server.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// The work order / invoice of a job, for its owner and its assigned mechanic.
export default withApi(
  serve(ROUTES.workOrder, async (ctx) => {
    return reply(ROUTES.workOrder, await workOrder(ctx.db, ctx.user, ctx.params.id));
  }),
);

export const config: Config = { path: '/api/appointments/:id/work-order' };
