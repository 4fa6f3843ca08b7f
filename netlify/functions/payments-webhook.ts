import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { receiveWebhook } from '../../src/features/payments/webhook.server.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// Stripe's events: the raw body is what the signature covers, so it is read as text, never re-serialised.
export default withApi(
  serve(ROUTES.paymentsWebhook, async (ctx) =>
    reply(
      ROUTES.paymentsWebhook,
      await receiveWebhook(ctx.db, await ctx.req.text(), ctx.req.headers.get('stripe-signature')),
    ),
  ),
);

export const config: Config = { path: '/api/payments/webhook' };
