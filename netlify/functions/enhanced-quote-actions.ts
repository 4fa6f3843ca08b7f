import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { requireApprovedMechanic } from '../../src/features/admin/mechanic-vetting.server.ts';
import { submitBid } from '../../src/features/marketplace/bids.server.ts';
import { acceptBid } from '../../src/features/jobs/accept-bid.server.ts';
import { cancelRequest } from '../../src/features/marketplace/requests.server.ts';
import { relistRequest } from '../../src/features/marketplace/relist.server.ts';
import { enforceWriteCap } from '../../src/server/http/write-caps.server.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';
import { depositPercentFor, paymentOnAccept, paymentOnCancel } from '../../src/features/payments/hooks.server.ts';

// What happens to a service request: a matched mechanic bids, the owner accepts a bid or cancels.
export default withApi(
  serve(ROUTES.requestBid, async (ctx) => {
    const mechanic = ctx.user;
    requireApprovedMechanic(mechanic, 'bid');
    const data = await ctx.input(ROUTES.requestBid);
    await enforceWriteCap(ctx.db, 'bidsPerUser', mechanic.id); // each quote emails the owner (docs/decisions/0183)
    const depositPercent = await depositPercentFor(ctx.db, data.depositPercent);
    const bid = await submitBid(ctx.db, mechanic, ctx.params.id, { ...data, depositPercent });
    return reply(ROUTES.requestBid, bid, { status: 201 });
  }),
  serve(ROUTES.requestRelist, async (ctx) => {
    const pilot = ctx.user;
    const relisted = await relistRequest(ctx.db, pilot, ctx.params.id);
    // The stopped job's deposit goes back to the owner (docs/decisions/0301).
    await paymentOnCancel(ctx.db, ctx.params.id);
    return reply(ROUTES.requestRelist, relisted, { status: 201 });
  }),
  serve(ROUTES.requestAccept, async (ctx) => {
    const pilot = ctx.user;
    const { bidId, decisions } = await ctx.input(ROUTES.requestAccept);
    const accepted = await acceptBid(ctx.db, pilot, ctx.params.id, bidId, decisions);
    return reply(ROUTES.requestAccept, {
      ...accepted,
      ...(await paymentOnAccept(ctx.db, accepted.appointment.id, ctx.url.origin)),
    });
  }),
  serve(ROUTES.requestCancel, async (ctx) => {
    const pilot = ctx.user;
    const cancelled = await cancelRequest(ctx.db, pilot, ctx.params.id);
    await paymentOnCancel(ctx.db, ctx.params.id);
    return reply(ROUTES.requestCancel, cancelled);
  }),
);

export const config: Config = {
  path: [
    '/api/enhanced/quotes/:id/bid',
    '/api/enhanced/quotes/:id/accept',
    '/api/enhanced/quotes/:id/cancel',
    '/api/enhanced/quotes/:id/relist',
  ],
};
