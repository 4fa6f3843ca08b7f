import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { getAvailability, saveAvailability } from '../../src/features/booking/availability.server.ts';
import { reply } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// A mechanic's weekly hours, time off and jobs at once: what owners book against.
export default withApi(
  serve(ROUTES.bookingAvailability, async (ctx) => {
    const mechanic = ctx.user;
    return reply(ROUTES.bookingAvailability, await getAvailability(ctx.db, mechanic.id));
  }),
  serve(ROUTES.bookingAvailabilitySave, async (ctx) => {
    const mechanic = ctx.user;
    const data = await ctx.input(ROUTES.bookingAvailabilitySave);
    return reply(ROUTES.bookingAvailabilitySave, await saveAvailability(ctx.db, mechanic.id, data));
  }),
);

export const config: Config = { path: '/api/enhanced/mechanic-profile/availability' };
