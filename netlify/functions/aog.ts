import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { deliverNow } from '../../src/features/aog/deliver-now.server.ts';
import { reportAog } from '../../src/features/aog/report.server.ts';
import { myCalls } from '../../src/features/aog/views.server.ts';
import { reply } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// An owner reports an aircraft on ground (201; the nearest mechanics are asked in the same
// transaction and their messages leave right after the answer); GET lists the caller's own calls.
export default withApi(
  serve(ROUTES.aogReport, async (ctx) => {
    const owner = ctx.user;
    const data = await ctx.input(ROUTES.aogReport);
    const created = await reportAog(ctx.db, owner, data);
    ctx.after(deliverNow);
    return reply(ROUTES.aogReport, created, { status: 201 });
  }),
  serve(ROUTES.aogMine, async (ctx) => {
    const { user } = ctx;
    const { before } = ctx.query(ROUTES.aogMine.query);
    return reply(ROUTES.aogMine, await myCalls(ctx.db, user, before));
  }),
);

export const config: Config = { path: '/api/aog' };
