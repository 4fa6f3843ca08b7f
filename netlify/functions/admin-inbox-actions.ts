import type { Config } from '@netlify/functions';
import type { InboxKind } from '../../src/contract/inbox.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { convertQuote } from '../../src/features/inbox/inbox-convert.server.ts';
import { addNote, getItem } from '../../src/features/inbox/inbox-item.server.ts';
import { mergeItems, unmergeItems } from '../../src/features/inbox/inbox-merge.server.ts';
import { replyTo } from '../../src/features/inbox/inbox-reply.server.ts';
import { reply } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// Working a request: an internal note, a reply through the outbox, merging a duplicate (and undoing
// it), and (quote requests) converting the customer into a marketplace sign-up.

/** The same four actions for quote requests and for leads, each through its own route. */
const actions = (
  kind: InboxKind,
  routes: {
    note: typeof ROUTES.adminInboxQuoteNote | typeof ROUTES.adminInboxLeadNote;
    reply: typeof ROUTES.adminInboxQuoteReply | typeof ROUTES.adminInboxLeadReply;
    merge: typeof ROUTES.adminInboxQuoteMerge | typeof ROUTES.adminInboxLeadMerge;
    unmerge: typeof ROUTES.adminInboxQuoteUnmerge | typeof ROUTES.adminInboxLeadUnmerge;
  },
) => [
  serve(routes.note, async (ctx) => {
    const admin = ctx.user;
    const { text } = await ctx.input(routes.note);
    return reply(routes.note, await addNote(ctx.db, kind, ctx.params.id, text, admin), { status: 201 });
  }),
  serve(routes.reply, async (ctx) => {
    const admin = ctx.user;
    const { messageId } = await replyTo(ctx.db, kind, ctx.params.id, await ctx.input(routes.reply), admin);
    return reply(routes.reply, { success: true, messageId }, { status: 202 });
  }),
  serve(routes.merge, async (ctx) => {
    const admin = ctx.user;
    const { duplicateId } = await ctx.input(routes.merge);
    return reply(
      routes.merge,
      await getItem(ctx.db, kind, await mergeItems(ctx.db, kind, ctx.params.id, duplicateId, admin)),
    );
  }),
  serve(routes.unmerge, async (ctx) => {
    const admin = ctx.user;
    const { duplicateId } = await ctx.input(routes.unmerge);
    return reply(
      routes.unmerge,
      await getItem(ctx.db, kind, await unmergeItems(ctx.db, kind, ctx.params.id, duplicateId, admin)),
    );
  }),
];

export default withApi(
  ...actions('quotes', {
    note: ROUTES.adminInboxQuoteNote,
    reply: ROUTES.adminInboxQuoteReply,
    merge: ROUTES.adminInboxQuoteMerge,
    unmerge: ROUTES.adminInboxQuoteUnmerge,
  }),
  ...actions('leads', {
    note: ROUTES.adminInboxLeadNote,
    reply: ROUTES.adminInboxLeadReply,
    merge: ROUTES.adminInboxLeadMerge,
    unmerge: ROUTES.adminInboxLeadUnmerge,
  }),
  serve(ROUTES.adminInboxQuoteConvert, async (ctx) => {
    const admin = ctx.user;
    return reply(ROUTES.adminInboxQuoteConvert, await convertQuote(ctx.db, ctx.params.id, admin, ctx.url.origin), {
      status: 202,
    });
  }),
);

// The routes' own paths, written out: Netlify reads a function's config without running it.
export const config: Config = {
  path: [
    '/api/admin/quotes/:id/notes',
    '/api/admin/quotes/:id/reply',
    '/api/admin/quotes/:id/merge',
    '/api/admin/quotes/:id/unmerge',
    '/api/admin/quotes/:id/convert',
    '/api/admin/leads/:id/notes',
    '/api/admin/leads/:id/reply',
    '/api/admin/leads/:id/merge',
    '/api/admin/leads/:id/unmerge',
  ],
};
