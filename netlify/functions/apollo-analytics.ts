import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { leadAnalytics } from '../../src/features/marketing/leads.server.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

export default withApi(
  serve(ROUTES.marketingAnalytics, async (ctx) => {
    return reply(ROUTES.marketingAnalytics, { success: true, data: await leadAnalytics(ctx.db) });
  }),
);

export const config: Config = { path: '/api/apollo/analytics' };
