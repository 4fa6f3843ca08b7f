import type { Config } from '@netlify/functions';
import { LeadSchema } from '../../src/contract/lead.ts';
import { captureLead } from '../../src/features/leads/leads.server.ts';
import { guardPublicWrite } from '../../src/server/http/public-writes.server.ts';
import { withApi } from '../../src/server/http/with-api.ts';

export default withApi({
  POST: async (ctx) => {
    const lead = await ctx.body(LeadSchema);
    await guardPublicWrite(ctx, lead);
    await captureLead(ctx.db, lead);
    return { success: true };
  },
});

export const config: Config = { path: '/api/leads' };
