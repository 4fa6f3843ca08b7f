import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { getAog } from '../../src/features/aog/views.server.ts';
import { reply } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// One call, live: the owner, the dispatched mechanic and administrators (404 for anyone else).
export default withApi(
  serve(ROUTES.aogOne, async (ctx) => {
    const { user } = ctx;
    return reply(ROUTES.aogOne, await getAog(ctx.db, user, ctx.params.id));
  }),
);

export const config: Config = { path: '/api/aog/:id' };
