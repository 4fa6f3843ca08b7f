import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { deliverNow } from '../../src/features/aog/deliver-now.server.ts';
import { acceptOffer } from '../../src/features/aog/offers.server.ts';
import { requireOwner } from '../../src/features/aog/report.server.ts';
import { reply } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';
import { paymentOnAccept } from '../../src/features/payments/hooks.server.ts';

// The owner accepts one offer: 201 with the appointment it makes; 409 for the loser of a race.
export default withApi(
  serve(ROUTES.aogAccept, async (ctx) => {
    const owner = ctx.user;
    requireOwner(owner);
    const appointment = await acceptOffer(ctx.db, owner, ctx.params.id, ctx.params.offerId);
    ctx.after(deliverNow);
    // Paid through Skyward: the card page the owner is sent to, as accepting a quote does (docs/decisions/0310).
    const payment = await paymentOnAccept(ctx.db, appointment.id, ctx.url.origin);
    return reply(ROUTES.aogAccept, { ...appointment, ...payment }, { status: 201 });
  }),
);

export const config: Config = { path: '/api/aog/:id/offers/:offerId/accept' };
