import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { convertQuote } from '../../src/features/inbox/inbox-convert.server.ts';
import { addNote, getItem } from '../../src/features/inbox/inbox-item.server.ts';
import { mergeItems, unmergeItems } from '../../src/features/inbox/inbox-merge.server.ts';
import { replyTo } from '../../src/features/inbox/inbox-reply.server.ts';
import { kindOf } from '../../src/features/inbox/kind.ts';
import { requireRole } from '../../src/server/auth/guards.server.ts';
import { notFound } from '../../src/server/http/errors.ts';
import { withApi } from '../../src/server/http/with-api.ts';

// Working a request: an internal note, a reply through the outbox, merging a duplicate (and undoing it), and
// (quote requests) converting the customer into a marketplace sign-up.
export default withApi({
  POST: async (ctx) => {
    const admin = await requireRole(ctx, 'admin');
    const kind = kindOf(ctx.url);
    const id = ctx.params['id'];
    const quotes = kind === 'quotes';
    switch (ctx.params['action']) {
      case 'notes': {
        const route = quotes ? ROUTES.adminInboxQuoteNote : ROUTES.adminInboxLeadNote;
        return reply(route, await addNote(ctx.db, kind, id, (await ctx.input(route)).text, admin), { status: 201 });
      }
      case 'reply': {
        const route = quotes ? ROUTES.adminInboxQuoteReply : ROUTES.adminInboxLeadReply;
        const { messageId } = await replyTo(ctx.db, kind, id, await ctx.input(route), admin);
        return reply(route, { success: true, messageId }, { status: 202 });
      }
      case 'merge': {
        const route = quotes ? ROUTES.adminInboxQuoteMerge : ROUTES.adminInboxLeadMerge;
        const body = await ctx.input(route);
        return reply(route, await getItem(ctx.db, kind, await mergeItems(ctx.db, kind, id, body.duplicateId, admin)));
      }
      case 'unmerge': {
        const route = quotes ? ROUTES.adminInboxQuoteUnmerge : ROUTES.adminInboxLeadUnmerge;
        const body = await ctx.input(route);
        return reply(route, await getItem(ctx.db, kind, await unmergeItems(ctx.db, kind, id, body.duplicateId, admin)));
      }
      case 'convert':
        if (!quotes) break;
        return reply(ROUTES.adminInboxQuoteConvert, await convertQuote(ctx.db, id, admin, ctx.url.origin), {
          status: 202,
        });
    }
    throw notFound('Not found');
  },
});

export const config: Config = { path: ['/api/admin/quotes/:id/:action', '/api/admin/leads/:id/:action'] };
