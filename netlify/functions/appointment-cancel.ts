import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { cancelByMechanic } from '../../src/features/marketplace/mechanic-cancel.server.ts';
import { refundOnMechanicCancel } from '../../src/features/payments/mechanic-cancel.server.ts';
import { reply } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// The assigned mechanic cancels an appointment before work starts, with a reason; the owner is
// told and any deposit refunded (docs/decisions/0167). Owners cancel through their request.
export default withApi(
  serve(ROUTES.appointmentCancelByMechanic, async (ctx) => {
    const mechanic = ctx.user;
    const { id } = ctx.params;
    const { reason } = await ctx.input(ROUTES.appointmentCancelByMechanic);
    const appointment = await cancelByMechanic(ctx.db, mechanic, id, reason);
    // After the commit, as every payment hook: a Stripe failure never undoes the cancellation,
    // and the payment's next read refunds what this call could not.
    await refundOnMechanicCancel(ctx.db, id).catch((error: unknown) =>
      console.error(`Refunding the deposit of ${id} failed; it is refunded on the payment's next read`, error),
    );
    return reply(ROUTES.appointmentCancelByMechanic, appointment);
  }),
);

export const config: Config = { path: '/api/appointments/:id/cancel' };
