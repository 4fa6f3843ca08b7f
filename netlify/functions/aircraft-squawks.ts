import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { addSquawk, updateSquawk } from '../../src/features/maintenance/squawks.server.ts';
import { reply } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// Squawks (discrepancies) the owner records on an aircraft, and their resolution.
export default withApi(
  serve(ROUTES.squawkAdd, async (ctx) => {
    const { user } = ctx;
    const data = await ctx.input(ROUTES.squawkAdd);
    return reply(ROUTES.squawkAdd, await addSquawk(ctx.db, user.id, ctx.params.id, data), { status: 201 });
  }),
  serve(ROUTES.squawkUpdate, async (ctx) => {
    const { user } = ctx;
    const data = await ctx.input(ROUTES.squawkUpdate);
    return reply(ROUTES.squawkUpdate, await updateSquawk(ctx.db, user.id, ctx.params.id, ctx.params.squawkId, data));
  }),
);

export const config: Config = { path: ['/api/aircraft/:id/squawks', '/api/aircraft/:id/squawks/:squawkId'] };
