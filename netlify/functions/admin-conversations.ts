import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { closeConversation, reportedConversations } from '../../src/features/conversations/reports.server.ts';
import { requireRole } from '../../src/server/auth/guards.server.ts';
import { notFound } from '../../src/server/http/errors.ts';
import { reply } from '../../src/server/http/reply.ts';
import { withApi } from '../../src/server/http/with-api.ts';

// Administrators: the queue of reported threads, and closing one (optionally suspending the sender).
export default withApi({
  GET: async (ctx) => {
    await requireRole(ctx, 'admin');
    if (ctx.params['id'] !== undefined) throw notFound('Not found');
    const { reported } = ctx.query(ROUTES.adminConversations.query);
    return reply(ROUTES.adminConversations, await reportedConversations(ctx.db, reported === 'true'));
  },
  POST: async (ctx) => {
    const admin = await requireRole(ctx, 'admin');
    const id = ctx.params['id'];
    if (id === undefined) throw notFound('Not found');
    const { suspendSender } = await ctx.input(ROUTES.adminConversationClose);
    return reply(ROUTES.adminConversationClose, await closeConversation(ctx.db, admin, id, suspendSender));
  },
});

export const config: Config = { path: ['/api/admin/conversations', '/api/admin/conversations/:id/close'] };
