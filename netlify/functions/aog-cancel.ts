import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { requireOwner } from '../../src/features/aog/report.server.ts';
import { cancelAog } from '../../src/features/aog/status.server.ts';
import { reply } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// The owner calls it off while no mechanic is dispatched.
export default withApi(
  serve(ROUTES.aogCancel, async (ctx) => {
    const owner = ctx.user;
    requireOwner(owner);
    return reply(ROUTES.aogCancel, await cancelAog(ctx.db, owner, ctx.params.id));
  }),
);

export const config: Config = { path: '/api/aog/:id/cancel' };
