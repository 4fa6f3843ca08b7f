import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { listPayments, refundPayment } from '../../src/features/payments/admin.server.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// Administrators: every payment with its state, amounts, refunds and disputes; refunds with a reason.
export default withApi(
  serve(ROUTES.adminPayments, async (ctx) => {
    return reply(ROUTES.adminPayments, await listPayments(ctx.db, ctx.query(ROUTES.adminPayments.query)));
  }),
  serve(ROUTES.adminPaymentRefund, async (ctx) => {
    const admin = ctx.user;
    return reply(ROUTES.adminPaymentRefund, {
      success: true,
      data: await refundPayment(ctx.db, admin, ctx.params.id, await ctx.input(ROUTES.adminPaymentRefund)),
    });
  }),
);

export const config: Config = { path: ['/api/admin/payments', '/api/admin/payments/:id/refund'] };
