import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { markPaidOutside, paymentView, retryPayment } from '../../src/features/payments/payments.server.ts';
import { requireUser } from '../../src/server/auth/guards.server.ts';
import { notFound } from '../../src/server/http/errors.ts';
import { withApi, type ApiContext } from '../../src/server/http/with-api.ts';

const retrying = (ctx: ApiContext) => ctx.url.pathname.endsWith('/retry');
const outside = (ctx: ApiContext) => ctx.url.pathname.endsWith('/outside');

// A job's payment: its state for the owner, the mechanic and administrators; the owner's retry;
// the mechanic's "paid outside Skyward".
export default withApi({
  GET: async (ctx) => {
    if (retrying(ctx) || outside(ctx)) throw notFound('Not found');
    return reply(
      ROUTES.appointmentPayment,
      await paymentView(ctx.db, await requireUser(ctx), ctx.params['id'] ?? '', ctx.url.origin),
    );
  },
  POST: async (ctx) => {
    if (outside(ctx))
      return reply(
        ROUTES.appointmentPaymentOutside,
        await markPaidOutside(ctx.db, await requireUser(ctx), ctx.params['id'] ?? '', ctx.url.origin),
      );
    if (!retrying(ctx)) throw notFound('Not found');
    return reply(
      ROUTES.appointmentPaymentRetry,
      await retryPayment(ctx.db, await requireUser(ctx), ctx.params['id'] ?? '', ctx.url.origin),
    );
  },
});

export const config: Config = {
  path: [
    '/api/appointments/:id/payment',
    '/api/appointments/:id/payment/retry',
    '/api/appointments/:id/payment/outside',
  ],
};
