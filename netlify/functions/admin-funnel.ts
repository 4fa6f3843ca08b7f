import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { funnel } from '../../src/features/inbox/funnel.server.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// requests -> answered within 24 h -> quoted -> won, by month or by source.
export default withApi(
  serve(ROUTES.adminFunnel, async (ctx) => {
    return reply(ROUTES.adminFunnel, await funnel(ctx.db, ctx.query(ROUTES.adminFunnel.query)));
  }),
);

export const config: Config = { path: '/api/admin/funnel' };
