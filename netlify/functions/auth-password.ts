import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { changePassword } from '../../src/features/auth/sessions.server.ts';
import { requireUser } from '../../src/server/auth/guards.server.ts';
import { withApi } from '../../src/server/http/with-api.ts';

/** Changes the password; every other session ends; answers a new token like sign-in does. */
export default withApi({
  POST: async (ctx) => {
    const user = await requireUser(ctx);
    return reply(ROUTES.authPassword, await changePassword(ctx.db, user, await ctx.input(ROUTES.authPassword)));
  },
});

export const config: Config = { path: '/api/auth/password' };
