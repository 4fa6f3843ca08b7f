import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { deleteAircraft, updateAircraft } from '../../src/features/maintenance/aircraft-edits.server.ts';
import { ownAircraft } from '../../src/features/maintenance/maintenance.server.ts';
import { toAircraft } from '../../src/features/marketplace/mappers.server.ts';
import { reply, replyWith } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// One of a pilot's aircraft (anyone else, whatever their role, gets 404): read, edit (usage, home airport, due-soon thresholds...), delete with
// its hour readings, due items and squawks. Anyone else's aircraft is 404.
export default withApi(
  serve(ROUTES.aircraftOne, async (ctx) => {
    const { user } = ctx;
    return reply(ROUTES.aircraftOne, toAircraft(await ownAircraft(ctx.db, user.id, ctx.params.id)));
  }),
  serve(ROUTES.aircraftUpdate, async (ctx) => {
    const { user } = ctx;
    const patch = await ctx.input(ROUTES.aircraftUpdate);
    return reply(ROUTES.aircraftUpdate, await updateAircraft(ctx.db, user.id, ctx.params.id, patch));
  }),
  serve(ROUTES.aircraftDelete, async (ctx) => {
    const { user } = ctx;
    await deleteAircraft(ctx.db, user.id, ctx.params.id);
    return replyWith(ROUTES.aircraftDelete, new Response(null, { status: 204 }));
  }),
);

export const config: Config = { path: '/api/aircraft/:id' };
