import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { logHours } from '../../src/features/maintenance/hours.server.ts';
import { reply } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// A tach or Hobbs reading of one of the pilot's aircraft: never below the last one.
export default withApi(
  serve(ROUTES.aircraftHours, async (ctx) => {
    const { user } = ctx;
    const { hours, date } = await ctx.input(ROUTES.aircraftHours);
    return reply(ROUTES.aircraftHours, await logHours(ctx.db, user.id, ctx.params.id, hours, date), { status: 201 });
  }),
);

export const config: Config = { path: '/api/aircraft/:id/hours' };
