import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { listAppointments } from '../../src/features/marketplace/appointments.server.ts';
import { segmentsAfter } from '../../src/server/http/segments.ts';
import { requireRole } from '../../src/server/auth/guards.server.ts';
import { withApi } from '../../src/server/http/with-api.ts';

// A pilot's appointments (/api/appointments) and a mechanic's (/api/appointments/mechanic).
export default withApi({
  GET: async (ctx) => {
    const [which] = segmentsAfter(ctx, '/api/appointments');
    if (which === 'mechanic') {
      // A mechanic who is not approved (pending, rejected, suspended) has no job to see (issue 27,
      // point 4): an empty list, so the dashboard shows its vetting sentence rather than a failure.
      const mechanic = await requireRole(ctx, 'mechanic');
      if (mechanic.mechanicStatus !== 'approved') return reply(ROUTES.appointmentsAssigned, []);
      return reply(ROUTES.appointmentsAssigned, await listAppointments(ctx.db, 'mechanic', mechanic.id));
    }
    return reply(ROUTES.appointmentsOwn, await listAppointments(ctx.db, 'customer', (await requireRole(ctx, 'pilot', 'admin')).id));
  },
});

export const config: Config = { path: ['/api/appointments', '/api/appointments/mechanic'] };
