import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { listInbox } from '../../src/features/inbox/inbox-list.server.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// The worked list of quote requests or leads: 50 a page, search, filters, sort (docs/decisions/0210).
export default withApi(
  serve(ROUTES.adminInboxQuotes, async (ctx) => {
    return reply(ROUTES.adminInboxQuotes, await listInbox(ctx.db, 'quotes', ctx.query(ROUTES.adminInboxQuotes.query)));
  }),
  serve(ROUTES.adminInboxLeads, async (ctx) => {
    return reply(ROUTES.adminInboxLeads, await listInbox(ctx.db, 'leads', ctx.query(ROUTES.adminInboxLeads.query)));
  }),
);

export const config: Config = { path: ['/api/admin/quotes', '/api/admin/leads'] };
