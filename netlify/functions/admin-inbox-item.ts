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
    if (kindOf(ctx.url) === 'leads')
      return reply(ROUTES.adminInboxLead, await getItem(ctx.db, 'leads', ctx.params['id']));
    return reply(ROUTES.adminInboxQuote, await getItem(ctx.db, 'quotes', ctx.params['id']));
  },
  PATCH: async (ctx) => {
    const admin = await requireRole(ctx, 'admin');
    const id = ctx.params['id'];
    if (kindOf(ctx.url) === 'leads')
      return reply(
        ROUTES.adminInboxLeadPatch,
        await patchItem(ctx.db, 'leads', id, await ctx.input(ROUTES.adminInboxLeadPatch), admin),
      );
    return reply(
      ROUTES.adminInboxQuotePatch,
      await patchItem(ctx.db, 'quotes', id, await ctx.input(ROUTES.adminInboxQuotePatch), admin),
    );
  },
});

export const config: Config = { path: ['/api/admin/quotes/:id', '/api/admin/leads/:id'] };
