import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { publicProfile } from '../../src/features/marketplace/public-profile.server.ts';
import { reply } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// A mechanic's profile for the owners they were matched to or quoted (docs/decisions/0150).
export default withApi(
  serve(ROUTES.mechanicPublicProfile, async (ctx) => {
    const viewer = ctx.user;
    return reply(ROUTES.mechanicPublicProfile, await publicProfile(ctx.db, viewer, ctx.params.id));
  }),
);

export const config: Config = { path: '/api/mechanics/:id/profile' };
