import type { Config } from '@netlify/functions';
import { QuoteRequestSchema } from '../../src/contract/quote.ts';
import { submitQuote } from '../../src/features/quotes/quotes.server.ts';
import { guardPublicWrite } from '../../src/server/http/public-writes.server.ts';
import { withApi } from '../../src/server/http/with-api.ts';

export default withApi({
  POST: async (ctx) => {
    const quote = await ctx.body(QuoteRequestSchema);
    await guardPublicWrite(ctx, quote);
    return submitQuote(ctx.db, quote);
  },
});

export const config: Config = { path: '/api/quotes' };
