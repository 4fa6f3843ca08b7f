import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { openCalls } from '../../src/features/aog/views.server.ts';
import { reply } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// Approved mechanics: the open aircraft-on-ground calls that reach them, nearest first.
export default withApi(
  serve(ROUTES.aogOpen, async (ctx) => {
    const mechanic = ctx.user;
    return reply(ROUTES.aogOpen, await openCalls(ctx.db, mechanic));
  }),
);

export const config: Config = { path: '/api/aog/open' };
