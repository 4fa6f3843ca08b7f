import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { paymentViews } from '../../src/features/payments/payment-batch.server.ts';
import { reply } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// The payments of the appointment cards on screen, in one call (docs/decisions/0204).
export default withApi(
  serve(ROUTES.appointmentPayments, async (ctx) => {
    const { user } = ctx;
    const { ids } = ctx.query(ROUTES.appointmentPayments.query);
    return reply(ROUTES.appointmentPayments, await paymentViews(ctx.db, user, ids, ctx.url.origin));
  }),
);

export const config: Config = { path: '/api/appointments/payments' };
