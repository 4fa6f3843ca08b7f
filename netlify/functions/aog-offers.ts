import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { submitOffer } from '../../src/features/aog/offers.server.ts';
import { deliverNow } from '../../src/features/aog/deliver-now.server.ts';
import { reply } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// A mechanic the call reaches offers an arrival time and a call-out fee (201); 409 once it is taken.
export default withApi(
  serve(ROUTES.aogOffer, async (ctx) => {
    const mechanic = ctx.user;
    const data = await ctx.input(ROUTES.aogOffer);
    const offer = await submitOffer(ctx.db, mechanic, ctx.params.id, data);
    ctx.after(deliverNow);
    return reply(ROUTES.aogOffer, offer, { status: 201 });
  }),
);

export const config: Config = { path: '/api/aog/:id/offers' };
