import type { Config } from '@netlify/functions';
import { LeadListQuerySchema } from '../../src/contract/marketing.ts';
import { listLeads } from '../../src/features/marketing/leads.server.ts';
import { requireRole } from '../../src/server/auth/guards.server.ts';
import { withApi } from '../../src/server/http/with-api.ts';

// The saved marketing leads, ?per_page=100&page=1.
export default withApi({
  GET: async (ctx) => {
    await requireRole(ctx, 'admin');
    const { page, per_page } = ctx.query(LeadListQuerySchema);
    const { leads, pagination } = await listLeads(ctx.db, page, per_page);
    return { success: true, data: leads, pagination };
  },
});

export const config: Config = { path: '/api/apollo/leads' };
