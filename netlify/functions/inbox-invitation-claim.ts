import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { claimInvitation } from '../../src/features/inbox/inbox-convert.server.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// A customer invited from the inbox signed up: their aircraft and drafted request (docs/decisions/0210).
export default withApi(
  serve(ROUTES.invitationClaim, async (ctx) => {
    const { user } = ctx;
    const { token } = await ctx.input(ROUTES.invitationClaim);
    return reply(ROUTES.invitationClaim, await claimInvitation(ctx.db, user, token));
  }),
);

export const config: Config = { path: '/api/inbox/invitations/claim' };
