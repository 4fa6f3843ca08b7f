import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { AIRCRAFT_KEYS, addAircraft, listAircraft } from '../../src/features/marketplace/aircraft.server.ts';
import { pageHeaders, readPage } from '../../src/server/http/paging.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// A pilot's own aircraft. Admins land on the pilot dashboard too, so they may read (their own, none).
export default withApi(
  serve(ROUTES.aircraftList, async (ctx) => {
    const owner = ctx.user;
    const page = await listAircraft(ctx.db, owner.id, readPage(ctx.url, AIRCRAFT_KEYS));
    return reply(ROUTES.aircraftList, page.rows, { headers: pageHeaders(ctx.url, page.nextCursor) });
  }),
  serve(ROUTES.aircraftAdd, async (ctx) => {
    const { user } = ctx;
    return reply(ROUTES.aircraftAdd, await addAircraft(ctx.db, user.id, await ctx.input(ROUTES.aircraftAdd)), {
      status: 201,
    });
  }),
);

export const config: Config = { path: '/api/aircraft' };
