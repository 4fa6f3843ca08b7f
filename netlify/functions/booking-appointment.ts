import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { requireOwner } from '../../src/features/booking/owner-aircraft.server.ts';
import { rescheduleBooking, rescheduleOptions } from '../../src/features/booking/changes.server.ts';
import { assertBooked } from '../../src/features/marketplace/booking-terms.server.ts';
import { cancelRequest } from '../../src/features/marketplace/requests.server.ts';
import { getAppointment } from '../../src/features/marketplace/appointments.server.ts';
import { appointmentOfParty } from '../../src/features/marketplace/schedule/schedule.server.ts';
import { paymentOnCancel } from '../../src/features/payments/hooks.server.ts';
import { notFound } from '../../src/server/http/errors.ts';
import { reply } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// The owner moves or cancels a booked appointment, free inside the window agreed at booking
// (docs/decisions/0241); after it, a 409 says to ask the mechanic.
export default withApi(
  serve(ROUTES.bookingOpenStarts, async (ctx) => {
    const owner = ctx.user;
    requireOwner(owner);
    return reply(ROUTES.bookingOpenStarts, await rescheduleOptions(ctx.db, owner, ctx.params.id));
  }),
  serve(ROUTES.bookingReschedule, async (ctx) => {
    const owner = ctx.user;
    requireOwner(owner);
    const { start } = await ctx.input(ROUTES.bookingReschedule);
    return reply(ROUTES.bookingReschedule, await rescheduleBooking(ctx.db, owner, ctx.params.id, start));
  }),
  serve(ROUTES.bookingCancel, async (ctx) => {
    const { id } = ctx.params;
    const owner = ctx.user;
    requireOwner(owner);
    // The request's own cancel, which keeps the booking's window, settles payments and tells the mechanic.
    const appointment = await appointmentOfParty(ctx.db, owner, id);
    if (appointment.customerId !== owner.id) throw notFound('Appointment not found');
    await assertBooked(ctx.db, id);
    await cancelRequest(ctx.db, owner, appointment.serviceRequestId);
    await paymentOnCancel(ctx.db, appointment.serviceRequestId);
    return reply(ROUTES.bookingCancel, await getAppointment(ctx.db, id));
  }),
);

export const config: Config = {
  path: [
    '/api/booking/appointments/:id/open-starts',
    '/api/booking/appointments/:id/reschedule',
    '/api/booking/appointments/:id/cancel',
  ],
};
