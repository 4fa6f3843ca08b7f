import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { downloadAttachment } from '../../src/features/conversations/attachments.server.ts';
import { readThread, sendMessage, threadUpdates } from '../../src/features/conversations/messages.server.ts';
import { reportMessage } from '../../src/features/conversations/reports.server.ts';
import { openThread, threadNotFound } from '../../src/features/conversations/threads.server.ts';
import { THREAD_KEYS, threadPage, unreadTotal } from '../../src/features/conversations/thread-list.server.ts';
import { pageHeaders, readPage } from '../../src/server/http/paging.ts';
import { requireUser } from '../../src/server/auth/guards.server.ts';
import { reply, replyWith } from '../../src/server/http/reply.ts';
import { segmentsAfter } from '../../src/server/http/segments.ts';
import { withApi } from '../../src/server/http/with-api.ts';

const BASE = '/api/conversations';

// An owner and a mechanic talk about one service request (docs/decisions/0220-conversations.md).
export default withApi({
  GET: async (ctx) => {
    const user = await requireUser(ctx);
    const [id, part, documentId, extra] = segmentsAfter(ctx, BASE);
    if (!id) {
      // A page of threads, newest activity first (cursor paging: docs/decisions/0201).
      const page = await threadPage(ctx.db, user, readPage(ctx.url, THREAD_KEYS));
      return reply(ROUTES.conversations, page.rows, { headers: pageHeaders(ctx.url, page.nextCursor) });
    }
    if (id === 'unread' && part === undefined)
      return reply(ROUTES.conversationsUnread, { unread: await unreadTotal(ctx.db, user) });
    if (part === undefined)
      return reply(ROUTES.conversation, await readThread(ctx.db, user, id, ctx.query(ROUTES.conversation.query)));
    if (part === 'updates' && !documentId)
      return reply(
        ROUTES.conversationUpdates,
        await threadUpdates(ctx.db, user, id, ctx.query(ROUTES.conversationUpdates.query).after),
      );
    if (part === 'attachments' && documentId && !extra)
      return replyWith(ROUTES.conversationAttachment, await downloadAttachment(ctx.db, user, id, documentId));
    throw threadNotFound();
  },
  POST: async (ctx) => {
    const user = await requireUser(ctx);
    const [id, part, messageId, verb] = segmentsAfter(ctx, BASE);
    if (!id) {
      const { serviceRequestId, mechanicId } = await ctx.input(ROUTES.conversationOpen);
      const { summary, created } = await openThread(ctx.db, user, serviceRequestId, mechanicId);
      return reply(ROUTES.conversationOpen, summary, { status: created ? 201 : 200 });
    }
    if (part === 'messages' && !messageId)
      return reply(
        ROUTES.conversationSend,
        await sendMessage(ctx.db, user, id, await ctx.input(ROUTES.conversationSend)),
        { status: 201 },
      );
    if (part === 'messages' && messageId && verb === 'report') {
      const { reason } = await ctx.input(ROUTES.conversationReport);
      await reportMessage(ctx.db, user, id, messageId, reason);
      return reply(ROUTES.conversationReport, { success: true }, { status: 201 });
    }
    throw threadNotFound();
  },
});

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
