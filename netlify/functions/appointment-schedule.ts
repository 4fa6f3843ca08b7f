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
import { reply, replyWith } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// An appointment's times (proposals, the pick), where the aircraft is, both parties' contacts and
// its calendar file: for the owner and the assigned mechanic only, 404 for anyone else.
export default withApi(
  serve(ROUTES.appointmentContacts, async (ctx) => {
    const { user } = ctx;
    await appointmentOfParty(ctx.db, user, ctx.params.id);
    return reply(ROUTES.appointmentContacts, (await getAppointment(ctx.db, ctx.params.id)).parties!);
  }),
  serve(ROUTES.appointmentCalendar, async (ctx) => {
    const { user } = ctx;
    const { ics, filename } = await appointmentCalendar(ctx.db, user, ctx.params.id);
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
  }),
  serve(ROUTES.appointmentProposalAccept, async (ctx) => {
    const { id, proposalId } = ctx.params;
    const { user } = ctx;
    const { time } = await ctx.input(ROUTES.appointmentProposalAccept);
    await acceptProposal(ctx.db, user, id, proposalId, time, appointmentIcsAttachment);
    return reply(ROUTES.appointmentProposalAccept, await getAppointment(ctx.db, id));
  }),
  serve(ROUTES.appointmentPropose, async (ctx) => {
    const { user } = ctx;
    const data = await ctx.input(ROUTES.appointmentPropose);
    await proposeTimes(ctx.db, user, ctx.params.id, data);
    return reply(ROUTES.appointmentPropose, await getAppointment(ctx.db, ctx.params.id), { status: 201 });
  }),
  serve(ROUTES.appointmentWhereabouts, async (ctx) => {
    const { user } = ctx;
    const { aircraftWhereabouts } = await ctx.input(ROUTES.appointmentWhereabouts);
    await setWhereabouts(ctx.db, user, ctx.params.id, aircraftWhereabouts);
    return reply(ROUTES.appointmentWhereabouts, await getAppointment(ctx.db, ctx.params.id));
  }),
);

export const config: Config = {
  path: [
    '/api/appointments/:id/proposals',
    '/api/appointments/:id/proposals/:proposalId/accept',
    '/api/appointments/:id/whereabouts',
    '/api/appointments/:id/contacts',
    '/api/appointments/:id/calendar.ics',
  ],
};
