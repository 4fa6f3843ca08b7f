import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { changePassword } from '../../src/features/auth/sessions.server.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';
import { rememberBrowser } from '../../src/features/auth/device-cookie.server.ts';

/** Changes the password; every other session ends; answers a new token like sign-in does. */
export default withApi(
  serve(ROUTES.authPassword, async (ctx) => {
    const { user } = ctx;
    const session = await changePassword(ctx.db, user, await ctx.input(ROUTES.authPassword));
    return reply(ROUTES.authPassword, session, { headers: rememberBrowser(ctx.req, user.id) });
  }),
);

export const config: Config = { path: '/api/auth/password' };
