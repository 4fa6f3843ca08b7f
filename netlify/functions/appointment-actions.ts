import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { rateAppointment } from '../../src/features/marketplace/appointments.server.ts';
import { advanceJob } from '../../src/features/payments/appointment-steps.server.ts';
import { completeJob } from '../../src/features/records/complete-job.server.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// The assigned mechanic confirms, starts and completes; the customer rates the completed job.
export default withApi(
  serve(ROUTES.appointmentConfirm, async (ctx) => {
    const { user } = ctx;
    const { mechanicNotes } = await ctx.input(ROUTES.appointmentConfirm);
    return reply(ROUTES.appointmentConfirm, await advanceJob(ctx.db, user, ctx.params.id, 'confirm', mechanicNotes));
  }),
  serve(ROUTES.appointmentStart, async (ctx) => {
    const { user } = ctx;
    const { mechanicNotes } = await ctx.input(ROUTES.appointmentStart);
    return reply(ROUTES.appointmentStart, await advanceJob(ctx.db, user, ctx.params.id, 'start', mechanicNotes));
  }),
  serve(ROUTES.appointmentComplete, async (ctx) => {
    const { user } = ctx;
    const data = await ctx.input(ROUTES.appointmentComplete);
    return reply(ROUTES.appointmentComplete, await completeJob(ctx.db, user, ctx.params.id, data));
  }),
  serve(ROUTES.appointmentRate, async (ctx) => {
    const pilot = ctx.user;
    const { rating, review } = await ctx.input(ROUTES.appointmentRate);
    return reply(ROUTES.appointmentRate, await rateAppointment(ctx.db, pilot, ctx.params.id, rating, review));
  }),
);

export const config: Config = {
  path: [
    '/api/appointments/:id/confirm',
    '/api/appointments/:id/start',
    '/api/appointments/:id/complete',
    '/api/appointments/:id/rate',
  ],
};
