import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { listAppointments } from '../../src/features/marketplace/appointments.server.ts';
import { segmentsAfter } from '../../src/server/http/segments.ts';
import { requireJobUser, requireRole } from '../../src/server/auth/guards.server.ts';
import { withApi } from '../../src/server/http/with-api.ts';

// A pilot's appointments (/api/appointments) and a mechanic's (/api/appointments/mechanic).
export default withApi({
  GET: async (ctx) => {
    const [which] = segmentsAfter(ctx, '/api/appointments');
    if (which === 'mechanic') return reply(ROUTES.appointmentsAssigned, await listAppointments(ctx.db, 'mechanic', (await requireJobUser(ctx, 'mechanic')).id));
    return reply(ROUTES.appointmentsOwn, await listAppointments(ctx.db, 'customer', (await requireRole(ctx, 'pilot', 'admin')).id));
  },
});

export const config: Config = { path: ['/api/appointments', '/api/appointments/mechanic'] };
