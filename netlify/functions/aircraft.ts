import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { addAircraft, listAircraft } from '../../src/features/marketplace/aircraft.server.ts';
import { requireRole } from '../../src/server/auth/guards.server.ts';
import { withApi } from '../../src/server/http/with-api.ts';

// A pilot's own aircraft. Admins land on the pilot dashboard too, so they may read (their own, none).
export default withApi({
  GET: async (ctx) => reply(ROUTES.aircraftList, await listAircraft(ctx.db, (await requireRole(ctx, 'pilot', 'admin')).id)),
  POST: async (ctx) => {
    const user = await requireRole(ctx, 'pilot');
    return reply(ROUTES.aircraftAdd, await addAircraft(ctx.db, user.id, await ctx.input(ROUTES.aircraftAdd)), { status: 201 });
  },
});

export const config: Config = { path: '/api/aircraft' };
