import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { listLeads } from '../../src/features/marketing/leads.server.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// The saved marketing leads, ?per_page=100&page=1.
export default withApi(
  serve(ROUTES.marketingLeads, async (ctx) => {
    const { page, per_page } = ctx.query(ROUTES.marketingLeads.query);
    const { leads, pagination } = await listLeads(ctx.db, page, per_page);
    return reply(ROUTES.marketingLeads, { success: true, data: leads, pagination });
  }),
);

export const config: Config = { path: '/api/apollo/leads' };
