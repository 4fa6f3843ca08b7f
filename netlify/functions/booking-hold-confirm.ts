import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { confirmHold } from '../../src/features/booking/confirm-hold.server.ts';
import { requireOwner } from '../../src/features/booking/owner-aircraft.server.ts';
import { paymentOnAccept } from '../../src/features/payments/hooks.server.ts';
import { reply } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// A live hold becomes a confirmed appointment (201; the same one again on a second click, 200); 410 once it expired.
// Where payments are on, the answer adds `payment.setupUrl`: the card is saved as accepting a quote does (docs/decisions/0230).
export default withApi(
  serve(ROUTES.bookingHoldConfirm, async (ctx) => {
    const owner = ctx.user;
    requireOwner(owner);
    const { appointment, created } = await confirmHold(ctx.db, owner, ctx.params.id);
    // Once, at the booking's creation; a repeated click finds the card page on the appointment's payment panel.
    const payment = created ? await paymentOnAccept(ctx.db, appointment.id, ctx.url.origin) : {};
    return reply(ROUTES.bookingHoldConfirm, { ...appointment, ...payment }, { status: created ? 201 : 200 });
  }),
);

export const config: Config = { path: '/api/booking/holds/:id/confirm' };
