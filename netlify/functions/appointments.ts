import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { APPOINTMENT_KEYS, listAppointments } from '../../src/features/marketplace/appointments.server.ts';
import { pageHeaders, readPage } from '../../src/server/http/paging.ts';
import { segmentsAfter } from '../../src/server/http/segments.ts';
import { requireRole } from '../../src/server/auth/guards.server.ts';
import { withApi } from '../../src/server/http/with-api.ts';

// A pilot's appointments (/api/appointments) and a mechanic's (/api/appointments/mechanic).
export default withApi({
  GET: async (ctx) => {
    const [which] = segmentsAfter(ctx, '/api/appointments');
    const mechanic = which === 'mechanic';
    const user = mechanic ? await requireRole(ctx, 'mechanic') : await requireRole(ctx, 'pilot', 'admin');
    // A mechanic who is not approved (pending, rejected, suspended) has no job to see (issue 27,
    // point 4): an empty list, so the dashboard shows its vetting sentence rather than a failure.
    if (mechanic && user.mechanicStatus !== 'approved') return reply(ROUTES.appointmentsAssigned, []);
    const page = await listAppointments(
      ctx.db,
      mechanic ? 'mechanic' : 'customer',
      user.id,
      readPage(ctx.url, APPOINTMENT_KEYS),
    );
    const headers = pageHeaders(ctx.url, page.nextCursor);
    return mechanic
      ? reply(ROUTES.appointmentsAssigned, page.rows, { headers })
      : reply(ROUTES.appointmentsOwn, page.rows, { headers });
  },
});

export const config: Config = { path: ['/api/appointments', '/api/appointments/mechanic'] };
