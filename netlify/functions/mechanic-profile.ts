import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { getProfile, saveProfile } from '../../src/features/marketplace/profiles.server.ts';
import { matchMechanicQuietly } from '../../src/features/admin/airmen-file/match.server.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// The signed-in mechanic's profile: 404 until created (the dashboard then opens the setup dialog).
export default withApi(
  serve(ROUTES.mechanicProfile, async (ctx) => reply(ROUTES.mechanicProfile, await getProfile(ctx.db, ctx.user.id))),
  serve(ROUTES.mechanicProfileSave, async (ctx) => {
    const mechanic = ctx.user;
    const { profile, created } = await saveProfile(ctx.db, mechanic.id, await ctx.input(ROUTES.mechanicProfileSave));
    // The base location gives the state the FAA airmen file is matched in (docs/decisions/0120).
    await matchMechanicQuietly(ctx.db, mechanic.id);
    return reply(ROUTES.mechanicProfileSave, profile, { status: created ? 201 : 200 });
  }),
);

export const config: Config = { path: '/api/enhanced/mechanic-profile' };
