import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { deliverNow } from '../../src/features/aog/deliver-now.server.ts';
import { updateStatus } from '../../src/features/aog/status.server.ts';
import { reply } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// The dispatched mechanic's live status (en route, on site, ...): on the timeline and to the owner.
export default withApi(
  serve(ROUTES.aogStatus, async (ctx) => {
    const { user } = ctx;
    const data = await ctx.input(ROUTES.aogStatus);
    const view = await updateStatus(ctx.db, user, ctx.params.id, data);
    ctx.after(deliverNow);
    return reply(ROUTES.aogStatus, view);
  }),
);

export const config: Config = { path: '/api/aog/:id/status' };
