import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { logoutAll } from '../../src/features/auth/sessions.server.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

/** Ends every session of the signed-in user, this one included. */
export default withApi(
  serve(ROUTES.authLogoutAll, async (ctx) => reply(ROUTES.authLogoutAll, await logoutAll(ctx.db, ctx.user))),
);

export const config: Config = { path: '/api/auth/logout-all' };
