import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { listRates, saveRates } from '../../src/features/booking/rates.server.ts';
import { reply } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// A mechanic's flat rates for instant booking: the whole list read and replaced at once.
export default withApi(
  serve(ROUTES.bookingRates, async (ctx) => {
    const mechanic = ctx.user;
    return reply(ROUTES.bookingRates, await listRates(ctx.db, mechanic.id));
  }),
  serve(ROUTES.bookingRatesSave, async (ctx) => {
    const mechanic = ctx.user;
    const rates = await ctx.input(ROUTES.bookingRatesSave);
    return reply(ROUTES.bookingRatesSave, await saveRates(ctx.db, mechanic.id, rates));
  }),
);

export const config: Config = { path: '/api/enhanced/mechanic-profile/rates' };
