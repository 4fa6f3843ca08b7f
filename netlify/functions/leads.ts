import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { POPUP_LEAD_SOURCE } from '../../src/contract/popup.ts';
import { emailWillGo } from '../../src/features/messaging/email-promise.server.ts';
import { captureLead } from '../../src/features/leads/leads.server.ts';
import { guardPublicWrite } from '../../src/server/http/public-writes.server.ts';
import { listLeadsForAdmin } from '../../src/features/admin/dashboard.server.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

export default withApi(
  // Customers' personal data: administrators only, whatever older clients sent (docs/product.md §6).
  serve(ROUTES.leadsForAdmin, async (ctx) => {
    const { limit } = ctx.query(ROUTES.leadsForAdmin.query);
    return reply(ROUTES.leadsForAdmin, { success: true, data: await listLeadsForAdmin(ctx.db, limit) });
  }),
  serve(ROUTES.leadCapture, async (ctx) => {
    const lead = await ctx.input(ROUTES.leadCapture);
    await guardPublicWrite(ctx, lead);
    const { code, emailed } = await captureLead(ctx.db, lead);
    if (lead.source !== POPUP_LEAD_SOURCE) return reply(ROUTES.leadCapture, { success: true });
    // The popup shows the code on screen and says where it was sent.
    return reply(ROUTES.leadCapture, {
      success: true,
      code,
      sentTo: lead.email,
      emailed,
      emailGoing: await emailWillGo(ctx.db),
    });
  }),
);

export const config: Config = { path: '/api/leads' };
