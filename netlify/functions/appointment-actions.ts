import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { advanceAppointment, rateAppointment } from '../../src/features/marketplace/appointments.server.ts';
import { segmentsAfter } from '../../src/server/http/segments.ts';
import { appointmentIcsAttachment } from '../../src/features/marketplace/schedule/calendar-file.server.ts';
import { assertCompletionTach, draftAfterCompletion } from '../../src/features/records/records.server.ts';
import type { MechanicAppointmentAction } from '../../src/contract/machines.ts';
import { requireJobUser, requireRole } from '../../src/server/auth/guards.server.ts';
import { withApi, type ApiContext } from '../../src/server/http/with-api.ts';
import { paymentOnAppointmentAction } from '../../src/features/payments/hooks.server.ts';

const ROUTE_OF = {
  confirm: ROUTES.appointmentConfirm,
  start: ROUTES.appointmentStart,
  complete: ROUTES.appointmentComplete,
} as const;

// The assigned mechanic confirms, starts and completes; the customer rates the completed job.
async function act(ctx: ApiContext) {
  const [id = '', action = ''] = segmentsAfter(ctx, '/api/appointments');
  if (action === 'rate') {
    const pilot = await requireRole(ctx, 'pilot');
    const { rating, review } = await ctx.input(ROUTES.appointmentRate);
    return reply(ROUTES.appointmentRate, await rateAppointment(ctx.db, pilot, id, rating, review));
  }
  const user = await requireJobUser(ctx);
  if (action === 'complete') {
    const { mechanicNotes, totalTimeHours } = await ctx.input(ROUTES.appointmentComplete);
    await assertCompletionTach(ctx.db, user, id, totalTimeHours);
    const appointment = await advanceAppointment(ctx.db, user, id, 'complete', mechanicNotes);
    // The logbook entry is drafted now for the mechanic to review, with the tach reading when one
    // was given; a failure here never undoes the completion (the record is drafted again on its
    // first read).
    await draftAfterCompletion(ctx.db, user, id, { totalTimeHours }).catch((e: unknown) =>
      console.error('Drafting the maintenance record failed', e),
    );
    await paymentOnAppointmentAction(ctx.db, id, action);
    return reply(ROUTES.appointmentComplete, appointment);
  }
  const route = ROUTE_OF[action as MechanicAppointmentAction];
  const { mechanicNotes } = await ctx.input(route);
  // The owner's confirmation email carries the appointment's calendar file.
  const appointment = await advanceAppointment(
    ctx.db,
    user,
    id,
    action as MechanicAppointmentAction,
    mechanicNotes,
    appointmentIcsAttachment,
  );
  await paymentOnAppointmentAction(ctx.db, id, action);
  return reply(route, appointment);
}

export default withApi({ POST: act, PUT: act, PATCH: act });

export const config: Config = {
  path: [
    '/api/appointments/:id/confirm',
    '/api/appointments/:id/start',
    '/api/appointments/:id/complete',
    '/api/appointments/:id/rate',
  ],
};
