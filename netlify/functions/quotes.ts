import type { Config } from '@netlify/functions';
import { AdminListQuerySchema } from '../../src/contract/admin-dashboard.ts';
import { QuoteRequestSchema } from '../../src/contract/quote.ts';
import { submitQuote } from '../../src/features/quotes/quotes.server.ts';
import { guardPublicWrite } from '../../src/server/http/public-writes.server.ts';
import { listQuotesForAdmin } from '../../src/features/admin/dashboard.server.ts';
import { requireRole } from '../../src/server/auth/guards.server.ts';
import { withApi } from '../../src/server/http/with-api.ts';

export default withApi({
  // Customers' personal data: administrators only, whatever older clients sent (spec section 6).
  GET: async (ctx) => {
    await requireRole(ctx, 'admin');
    const { limit } = ctx.query(AdminListQuerySchema);
    return { success: true, data: await listQuotesForAdmin(ctx.db, limit) };
  },
  POST: async (ctx) => {
    const quote = await ctx.body(QuoteRequestSchema);
    await guardPublicWrite(ctx, quote);
    return submitQuote(ctx.db, quote);
  },
});

export const config: Config = { path: '/api/quotes' };
