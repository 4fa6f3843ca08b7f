import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { connectView, startOnboarding } from '../../src/features/payments/connect.server.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// The mechanic's payouts (Stripe Connect Express): status, and the link to Stripe's onboarding.
export default withApi(
  serve(ROUTES.paymentsConnect, async (ctx) => reply(ROUTES.paymentsConnect, await connectView(ctx.db, ctx.user))),
  serve(ROUTES.paymentsConnectStart, async (ctx) =>
    reply(ROUTES.paymentsConnectStart, await startOnboarding(ctx.db, ctx.user, ctx.url.origin)),
  ),
);

export const config: Config = { path: '/api/payments/connect' };
