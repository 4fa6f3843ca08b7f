import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import {
  closeConversation,
  dismissReports,
  handledReports,
  liftSuspension,
  reportedConversations,
  suspendedPeople,
} from '../../src/features/conversations/reports.server.ts';
import { reply } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// Administrators: the queue of reported threads, closing one (optionally suspending the sender) or
// dismissing its reports ("no action needed"), the history of handled reports, and who is suspended
// from writing, each let back in.
export default withApi(
  serve(ROUTES.adminConversations, async (ctx) => {
    const { reported } = ctx.query(ROUTES.adminConversations.query);
    return reply(ROUTES.adminConversations, await reportedConversations(ctx.db, reported === 'true'));
  }),
  serve(ROUTES.adminConversationClose, async (ctx) => {
    const admin = ctx.user;
    const { suspendSender } = await ctx.input(ROUTES.adminConversationClose);
    return reply(ROUTES.adminConversationClose, await closeConversation(ctx.db, admin, ctx.params.id, suspendSender));
  }),
  serve(ROUTES.adminConversationDismiss, async (ctx) => {
    const admin = ctx.user;
    return reply(ROUTES.adminConversationDismiss, await dismissReports(ctx.db, admin, ctx.params.id));
  }),
  serve(ROUTES.adminHandledReports, async (ctx) => {
    const { page } = ctx.query(ROUTES.adminHandledReports.query);
    return reply(ROUTES.adminHandledReports, await handledReports(ctx.db, page));
  }),
  serve(ROUTES.adminSuspensions, async (ctx) => {
    const { page } = ctx.query(ROUTES.adminSuspensions.query);
    return reply(ROUTES.adminSuspensions, await suspendedPeople(ctx.db, page));
  }),
  serve(ROUTES.adminSuspensionLift, async (ctx) => {
    const admin = ctx.user;
    return reply(ROUTES.adminSuspensionLift, await liftSuspension(ctx.db, admin, ctx.params.id));
  }),
);

export const config: Config = {
  path: [
    '/api/admin/conversations',
    '/api/admin/conversations/handled',
    '/api/admin/conversations/:id/close',
    '/api/admin/conversations/:id/dismiss',
    '/api/admin/messaging-suspensions',
    '/api/admin/users/:id/messaging-suspension',
  ],
};
