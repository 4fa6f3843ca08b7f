import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import {
  closeConversation,
  dismissReports,
  liftSuspension,
  reportedConversations,
  suspendedPeople,
} from '../../src/features/conversations/reports.server.ts';
import { requireRole } from '../../src/server/auth/guards.server.ts';
import { notFound } from '../../src/server/http/errors.ts';
import { reply } from '../../src/server/http/reply.ts';
import { withApi } from '../../src/server/http/with-api.ts';

// Administrators: the queue of reported threads, closing one (optionally suspending the sender) or
// dismissing its reports ("no action needed"), and lifting a person's suspension from writing.
export default withApi({
  GET: async (ctx) => {
    await requireRole(ctx, 'admin');
    if (ctx.params['id'] !== undefined) throw notFound('Not found');
    if (ctx.url.pathname === ROUTES.adminSuspensions.path)
      return reply(
        ROUTES.adminSuspensions,
        await suspendedPeople(ctx.db, ctx.query(ROUTES.adminSuspensions.query).page),
      );
    const { reported } = ctx.query(ROUTES.adminConversations.query);
    return reply(ROUTES.adminConversations, await reportedConversations(ctx.db, reported === 'true'));
  },
  POST: async (ctx) => {
    const admin = await requireRole(ctx, 'admin');
    const id = ctx.params['id'];
    if (id === undefined) throw notFound('Not found');
    if (ctx.url.pathname.endsWith('/dismiss'))
      return reply(ROUTES.adminConversationDismiss, await dismissReports(ctx.db, admin, id));
    const { suspendSender } = await ctx.input(ROUTES.adminConversationClose);
    return reply(ROUTES.adminConversationClose, await closeConversation(ctx.db, admin, id, suspendSender));
  },
  DELETE: async (ctx) => {
    const admin = await requireRole(ctx, 'admin');
    const id = ctx.params['id'];
    if (id === undefined || !ctx.url.pathname.endsWith('/messaging-suspension')) throw notFound('Not found');
    return reply(ROUTES.adminSuspensionLift, await liftSuspension(ctx.db, admin, id));
  },
});

export const config: Config = {
  path: [
    '/api/admin/conversations',
    '/api/admin/conversations/:id/close',
    '/api/admin/conversations/:id/dismiss',
    '/api/admin/users/:id/messaging-suspension',
    '/api/admin/messaging-suspensions',
  ],
};
