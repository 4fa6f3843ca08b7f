import type { Config } from '@netlify/functions';
import { AircraftSchema } from '../../src/contract/marketplace.ts';
import { addAircraft, listAircraft } from '../../src/features/marketplace/aircraft.server.ts';
import { requireRole } from '../../src/server/auth/guards.server.ts';
import { json } from '../../src/server/http/json.ts';
import { withApi } from '../../src/server/http/with-api.ts';

// A pilot's own aircraft. Admins land on the pilot dashboard too, so they may read (their own, none).
export default withApi({
  GET: async (ctx) => listAircraft(ctx.db, (await requireRole(ctx, 'pilot', 'admin')).id),
  POST: async (ctx) => {
    const user = await requireRole(ctx, 'pilot');
    return json(await addAircraft(ctx.db, user.id, await ctx.body(AircraftSchema)), 201);
  },
});

export const config: Config = { path: '/api/aircraft' };
