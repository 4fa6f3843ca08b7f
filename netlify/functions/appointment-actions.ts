import type { Config } from '@netlify/functions';
import { AppointmentActionSchema, RatingSchema } from '../../src/contract/marketplace.ts';
import { advanceAppointment, rateAppointment } from '../../src/features/marketplace/appointments.server.ts';
import { segmentsAfter } from '../../src/features/marketplace/routes.server.ts';
import type { AppointmentAction } from '../../src/features/marketplace/transitions.ts';
import { requireRole, requireUser } from '../../src/server/auth/guards.server.ts';
import { withApi, type ApiContext } from '../../src/server/http/with-api.ts';

// The assigned mechanic confirms, starts and completes; the customer rates the completed job.
async function act(ctx: ApiContext) {
  const [id = '', action = ''] = segmentsAfter(ctx, '/api/appointments');
  if (action === 'rate') {
    const pilot = await requireRole(ctx, 'pilot');
    const { rating, review } = await ctx.body(RatingSchema);
    return rateAppointment(ctx.db, pilot, id, rating, review);
  }
  const user = await requireUser(ctx);
  const { mechanicNotes } = await ctx.body(AppointmentActionSchema);
  return advanceAppointment(ctx.db, user, id, action as AppointmentAction, mechanicNotes);
}

export default withApi({ POST: act, PUT: act, PATCH: act });

export const config: Config = {
  path: ['/api/appointments/:id/confirm', '/api/appointments/:id/start', '/api/appointments/:id/complete', '/api/appointments/:id/rate'],
};
