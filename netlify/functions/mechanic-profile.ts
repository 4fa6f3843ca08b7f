import type { Config } from '@netlify/functions';
import { MechanicProfileSchema } from '../../src/contract/marketplace.ts';
import { getProfile, saveProfile } from '../../src/features/marketplace/profiles.server.ts';
import { requireRole } from '../../src/server/auth/guards.server.ts';
import { json } from '../../src/server/http/json.ts';
import { withApi, type ApiContext } from '../../src/server/http/with-api.ts';

// The signed-in mechanic's profile: 404 until created (the dashboard then opens the setup dialog).
async function save(ctx: ApiContext) {
  const mechanic = await requireRole(ctx, 'mechanic');
  const { profile, created } = await saveProfile(ctx.db, mechanic.id, await ctx.body(MechanicProfileSchema));
  return json(profile, created ? 201 : 200);
}

export default withApi({
  GET: async (ctx) => getProfile(ctx.db, (await requireRole(ctx, 'mechanic')).id),
  POST: save,
  PUT: save,
});

export const config: Config = { path: '/api/enhanced/mechanic-profile' };
