import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { getAppointment } from '../../src/features/marketplace/appointments.server.ts';
import { appointmentCalendar } from '../../src/features/marketplace/schedule/calendar.server.ts';
import { appointmentIcsAttachment } from '../../src/features/marketplace/schedule/calendar-file.server.ts';
import {
  acceptProposal,
  appointmentOfParty,
  proposeTimes,
  setWhereabouts,
} from '../../src/features/marketplace/schedule/schedule.server.ts';
import { requireUser } from '../../src/server/auth/guards.server.ts';
import { reply, replyWith } from '../../src/server/http/reply.ts';
import { segmentsAfter } from '../../src/server/http/segments.ts';
import { withApi } from '../../src/server/http/with-api.ts';
import { notFound } from '../../src/server/http/errors.ts';

// An appointment's times (proposals, the pick), where the aircraft is, both parties' contacts and
// its calendar file: for the owner and the assigned mechanic only, 404 for anyone else.
export default withApi({
  GET: async (ctx) => {
    const [id = '', what] = segmentsAfter(ctx, '/api/appointments');
    const user = await requireUser(ctx);
    if (what === 'contacts') {
      await appointmentOfParty(ctx.db, user, id);
      return reply(ROUTES.appointmentContacts, (await getAppointment(ctx.db, id)).parties!);
    }
    if (what !== 'calendar.ics') throw notFound();
    const { ics, filename } = await appointmentCalendar(ctx.db, user, id);
    return replyWith(
      ROUTES.appointmentCalendar,
      new Response(ics, {
        headers: {
          'content-type': 'text/calendar; charset=utf-8',
          'content-disposition': `attachment; filename="${filename.replace(/[^A-Za-z0-9.-]/g, '')}"`,
          'cache-control': 'no-store',
        },
      }),
    );
  },
  POST: async (ctx) => {
    const [id = '', , proposalId, action] = segmentsAfter(ctx, '/api/appointments');
    const user = await requireUser(ctx);
    if (proposalId && action === 'accept') {
      const { time } = await ctx.input(ROUTES.appointmentProposalAccept);
      await acceptProposal(ctx.db, user, id, proposalId, time, appointmentIcsAttachment);
      return reply(ROUTES.appointmentProposalAccept, await getAppointment(ctx.db, id));
    }
    if (proposalId) throw notFound();
    const data = await ctx.input(ROUTES.appointmentPropose);
    await proposeTimes(ctx.db, user, id, data);
    return reply(ROUTES.appointmentPropose, await getAppointment(ctx.db, id), { status: 201 });
  },
  PUT: async (ctx) => {
    const [id = ''] = segmentsAfter(ctx, '/api/appointments');
    const user = await requireUser(ctx);
    const { aircraftWhereabouts } = await ctx.input(ROUTES.appointmentWhereabouts);
    await setWhereabouts(ctx.db, user, id, aircraftWhereabouts);
    return reply(ROUTES.appointmentWhereabouts, await getAppointment(ctx.db, id));
  },
});

export const config: Config = {
  path: [
    '/api/appointments/:id/proposals',
    '/api/appointments/:id/proposals/:proposalId/accept',
    '/api/appointments/:id/whereabouts',
    '/api/appointments/:id/contacts',
    '/api/appointments/:id/calendar.ics',
  ],
};
