import type { Config } from '@netlify/functions';
import { AdminListQuerySchema } from '../../src/contract/admin-dashboard.ts';
import { LeadSchema } from '../../src/contract/lead.ts';
import { captureLead } from '../../src/features/leads/leads.server.ts';
import { guardPublicWrite } from '../../src/server/http/public-writes.server.ts';
import { listLeadsForAdmin } from '../../src/features/admin/dashboard.server.ts';
import { requireRole } from '../../src/server/auth/guards.server.ts';
import { withApi } from '../../src/server/http/with-api.ts';

export default withApi({
  // Customers' personal data: administrators only, whatever older clients sent (spec section 6).
  GET: async (ctx) => {
    await requireRole(ctx, 'admin');
    const { limit } = ctx.query(AdminListQuerySchema);
    return { success: true, data: await listLeadsForAdmin(ctx.db, limit) };
  },
  POST: async (ctx) => {
    const lead = await ctx.body(LeadSchema);
    await guardPublicWrite(ctx, lead);
    await captureLead(ctx.db, lead);
    return { success: true };
  },
});

export const config: Config = { path: '/api/leads' };
