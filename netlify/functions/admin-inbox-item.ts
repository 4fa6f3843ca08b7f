import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { getItem, patchItem } from '../../src/features/inbox/inbox-item.server.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// One quote request or lead with its history; PATCH moves its status or assigns it (409 on a stale ifVersion).
export default withApi(
  serve(ROUTES.adminInboxQuote, async (ctx) => {
    return reply(ROUTES.adminInboxQuote, await getItem(ctx.db, 'quotes', ctx.params.id));
  }),
  serve(ROUTES.adminInboxLead, async (ctx) => {
    return reply(ROUTES.adminInboxLead, await getItem(ctx.db, 'leads', ctx.params.id));
  }),
  serve(ROUTES.adminInboxQuotePatch, async (ctx) => {
    const admin = ctx.user;
    const patch = await ctx.input(ROUTES.adminInboxQuotePatch);
    return reply(ROUTES.adminInboxQuotePatch, await patchItem(ctx.db, 'quotes', ctx.params.id, patch, admin));
  }),
  serve(ROUTES.adminInboxLeadPatch, async (ctx) => {
    const admin = ctx.user;
    const patch = await ctx.input(ROUTES.adminInboxLeadPatch);
    return reply(ROUTES.adminInboxLeadPatch, await patchItem(ctx.db, 'leads', ctx.params.id, patch, admin));
  }),
);

export const config: Config = { path: ['/api/admin/quotes/:id', '/api/admin/leads/:id'] };
