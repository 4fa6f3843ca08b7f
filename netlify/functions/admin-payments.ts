import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { listPayments, refundPayment } from '../../src/features/payments/admin.server.ts';
import { requireRole } from '../../src/server/auth/guards.server.ts';
import { notFound } from '../../src/server/http/errors.ts';
import { withApi } from '../../src/server/http/with-api.ts';

// Administrators: every payment with its state, amounts, refunds and disputes; refunds with a reason.
export default withApi({
  GET: async (ctx) => {
    await requireRole(ctx, 'admin');
    if (ctx.params['id'] !== undefined) throw notFound('Not found');
    return reply(ROUTES.adminPayments, await listPayments(ctx.db, ctx.query(ROUTES.adminPayments.query)));
  },
  POST: async (ctx) => {
    const admin = await requireRole(ctx, 'admin');
    const id = ctx.params['id'];
    if (id === undefined) throw notFound('Not found');
    return reply(ROUTES.adminPaymentRefund, {
      success: true,
      data: await refundPayment(ctx.db, admin, id, await ctx.input(ROUTES.adminPaymentRefund)),
    });
  },
});

export const config: Config = { path: ['/api/admin/payments', '/api/admin/payments/:id/refund'] };
