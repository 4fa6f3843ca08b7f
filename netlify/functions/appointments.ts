import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { APPOINTMENT_PAGE_KEYS, listAppointments } from '../../src/features/marketplace/appointments.server.ts';
import { pageHeaders, readPage } from '../../src/server/http/paging.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// A pilot's appointments (/api/appointments) and a mechanic's (/api/appointments/mechanic).
export default withApi(
  serve(ROUTES.appointmentsOwn, async (ctx) => {
    const { user } = ctx;
    const page = await listAppointments(ctx.db, 'customer', user.id, readPage(ctx.url, APPOINTMENT_PAGE_KEYS));
    return reply(ROUTES.appointmentsOwn, page.rows, { headers: pageHeaders(ctx.url, page.nextCursor) });
  }),
  serve(ROUTES.appointmentsAssigned, async (ctx) => {
    const { user } = ctx;
    // A mechanic who is not approved (pending, rejected, suspended) has no job to see: an empty
    // list, so the dashboard shows its vetting sentence rather than a failure.
    if (user.mechanicStatus !== 'approved') return reply(ROUTES.appointmentsAssigned, []);
    const page = await listAppointments(ctx.db, 'mechanic', user.id, readPage(ctx.url, APPOINTMENT_PAGE_KEYS));
    return reply(ROUTES.appointmentsAssigned, page.rows, { headers: pageHeaders(ctx.url, page.nextCursor) });
  }),
);

export const config: Config = { path: ['/api/appointments', '/api/appointments/mechanic'] };
