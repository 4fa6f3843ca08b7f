import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { markPaidOutside, retryPayment, useSavedCard } from '../../src/features/payments/payment-actions.server.ts';
import { paymentView } from '../../src/features/payments/payment-view.server.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// A job's payment: its state for the owner, the mechanic and administrators; the owner's retry;
// the owner's saved card; the mechanic's "paid outside Skyward".
export default withApi(
  serve(ROUTES.appointmentPayment, async (ctx) =>
    reply(ROUTES.appointmentPayment, await paymentView(ctx.db, ctx.user, ctx.params.id, ctx.url.origin)),
  ),
  serve(ROUTES.appointmentPaymentRetry, async (ctx) =>
    reply(ROUTES.appointmentPaymentRetry, await retryPayment(ctx.db, ctx.user, ctx.params.id, ctx.url.origin)),
  ),
  serve(ROUTES.appointmentPaymentSavedCard, async (ctx) =>
    reply(ROUTES.appointmentPaymentSavedCard, await useSavedCard(ctx.db, ctx.user, ctx.params.id, ctx.url.origin)),
  ),
  serve(ROUTES.appointmentPaymentOutside, async (ctx) =>
    reply(ROUTES.appointmentPaymentOutside, await markPaidOutside(ctx.db, ctx.user, ctx.params.id, ctx.url.origin)),
  ),
);

export const config: Config = {
  path: [
    '/api/appointments/:id/payment',
    '/api/appointments/:id/payment/retry',
    '/api/appointments/:id/payment/outside',
    '/api/appointments/:id/payment/saved-card',
  ],
};
