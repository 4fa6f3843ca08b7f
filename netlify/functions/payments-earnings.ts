import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { earningsOf } from '../../src/features/payments/admin.server.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// The mechanic's Earnings from what Stripe moved (transfers net of reversals, money held, fees kept).
export default withApi(
  serve(ROUTES.paymentsEarnings, async (ctx) => reply(ROUTES.paymentsEarnings, await earningsOf(ctx.db, ctx.user))),
);

export const config: Config = { path: '/api/payments/earnings' };
