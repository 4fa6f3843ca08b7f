import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { emailWillGo } from '../../src/features/messaging/email-promise.server.ts';
import { submitQuote } from '../../src/features/quotes/quotes.server.ts';
import { guardPublicWrite } from '../../src/server/http/public-writes.server.ts';
import { listQuotesForAdmin } from '../../src/features/admin/dashboard.server.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

export default withApi(
  // Customers' personal data: administrators only, whatever older clients sent (docs/product.md §6).
  serve(ROUTES.quotesForAdmin, async (ctx) => {
    const { limit } = ctx.query(ROUTES.quotesForAdmin.query);
    return reply(ROUTES.quotesForAdmin, { success: true, data: await listQuotesForAdmin(ctx.db, limit) });
  }),
  serve(ROUTES.quoteSubmit, async (ctx) => {
    const quote = await ctx.input(ROUTES.quoteSubmit);
    await guardPublicWrite(ctx, quote);
    const answer = await submitQuote(ctx.db, quote);
    return reply(ROUTES.quoteSubmit, { ...answer, emailGoing: await emailWillGo(ctx.db) });
  }),
);

export const config: Config = { path: '/api/quotes' };
