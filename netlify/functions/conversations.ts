import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { downloadAttachment } from '../../src/features/conversations/attachments.server.ts';
import { readThread, sendMessage, threadUpdates } from '../../src/features/conversations/messages.server.ts';
import { reportMessage } from '../../src/features/conversations/reports.server.ts';
import { openThread } from '../../src/features/conversations/threads.server.ts';
import { THREAD_KEYS, threadPage, unreadTotal } from '../../src/features/conversations/thread-list.server.ts';
import { pageHeaders, readPage } from '../../src/server/http/paging.ts';
import { reply, replyWith } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// An owner and a mechanic talk about one service request (docs/decisions/0220-conversations.md).
export default withApi(
  serve(ROUTES.conversations, async (ctx) => {
    const { user } = ctx;
    // A page of threads, newest activity first (cursor paging: docs/decisions/0201).
    const page = await threadPage(ctx.db, user, readPage(ctx.url, THREAD_KEYS));
    return reply(ROUTES.conversations, page.rows, { headers: pageHeaders(ctx.url, page.nextCursor) });
  }),
  serve(ROUTES.conversationsUnread, async (ctx) => {
    const { user } = ctx;
    return reply(ROUTES.conversationsUnread, { unread: await unreadTotal(ctx.db, user) });
  }),
  serve(ROUTES.conversation, async (ctx) => {
    const { user } = ctx;
    const query = ctx.query(ROUTES.conversation.query);
    return reply(ROUTES.conversation, await readThread(ctx.db, user, ctx.params.id, query));
  }),
  serve(ROUTES.conversationUpdates, async (ctx) => {
    const { user } = ctx;
    const { after } = ctx.query(ROUTES.conversationUpdates.query);
    return reply(ROUTES.conversationUpdates, await threadUpdates(ctx.db, user, ctx.params.id, after));
  }),
  serve(ROUTES.conversationAttachment, async (ctx) => {
    const { user } = ctx;
    const { id, documentId } = ctx.params;
    return replyWith(ROUTES.conversationAttachment, await downloadAttachment(ctx.db, user, id, documentId));
  }),
  serve(ROUTES.conversationOpen, async (ctx) => {
    const { user } = ctx;
    const { serviceRequestId, mechanicId } = await ctx.input(ROUTES.conversationOpen);
    const { summary, created } = await openThread(ctx.db, user, serviceRequestId, mechanicId);
    return reply(ROUTES.conversationOpen, summary, { status: created ? 201 : 200 });
  }),
  serve(ROUTES.conversationSend, async (ctx) => {
    const { user } = ctx;
    const data = await ctx.input(ROUTES.conversationSend);
    return reply(ROUTES.conversationSend, await sendMessage(ctx.db, user, ctx.params.id, data), { status: 201 });
  }),
  serve(ROUTES.conversationReport, async (ctx) => {
    const { user } = ctx;
    const { reason } = await ctx.input(ROUTES.conversationReport);
    await reportMessage(ctx.db, user, ctx.params.id, ctx.params.messageId, reason);
    return reply(ROUTES.conversationReport, { success: true }, { status: 201 });
  }),
);

export const config: Config = {
  path: [
    '/api/conversations',
    '/api/conversations/unread',
    '/api/conversations/:id',
    '/api/conversations/:id/updates',
    '/api/conversations/:id/messages',
    '/api/conversations/:id/messages/:messageId/report',
    '/api/conversations/:id/attachments/:documentId',
  ],
};
