import type { Config } from '@netlify/functions';
import { logoutAll } from '../../src/features/auth/sessions.server.ts';
import { requireUser } from '../../src/server/auth/guards.server.ts';
import { withApi } from '../../src/server/http/with-api.ts';

/** Ends every session of the signed-in user, this one included. */
export default withApi({
  POST: async (ctx) => logoutAll(ctx.db, await requireUser(ctx)),
});

export const config: Config = { path: '/api/auth/logout-all' };
