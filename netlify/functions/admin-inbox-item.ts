import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { getItem, patchItem } from '../../src/features/inbox/inbox-item.server.ts';
import { kindOf } from '../../src/features/inbox/kind.ts';
import { requireRole } from '../../src/server/auth/guards.server.ts';
import { withApi } from '../../src/server/http/with-api.ts';

// One quote request or lead with its history; PATCH moves its status or assigns it (409 on a stale ifVersion).
export default withApi({
  GET: async (ctx) => {
    await requireRole(ctx, 'admin');
    const kind = kindOf(ctx.url);
    return reply(kind === 'quotes' ? ROUTES.adminInboxQuote : ROUTES.adminInboxLead, await getItem(ctx.db, kind, ctx.params['id']));
  },
  PATCH: async (ctx) => {
    const admin = await requireRole(ctx, 'admin');
    const kind = kindOf(ctx.url);
    const route = kind === 'quotes' ? ROUTES.adminInboxQuotePatch : ROUTES.adminInboxLeadPatch;
    return reply(route, await patchItem(ctx.db, kind, ctx.params['id'], await ctx.input(route), admin));
  },
});

export const config: Config = { path: ['/api/admin/quotes/:id', '/api/admin/leads/:id'] };
