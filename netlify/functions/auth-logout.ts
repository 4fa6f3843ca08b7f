import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { logout } from '../../src/features/auth/sessions.server.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

/** Ends the session of the token presented (docs/decisions/0090-revocable-sessions.md). */
export default withApi(
  serve(ROUTES.authLogout, async (ctx) => reply(ROUTES.authLogout, await logout(ctx.db, ctx.claims))),
);

export const config: Config = { path: '/api/auth/logout' };
