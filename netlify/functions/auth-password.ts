import type { Config } from '@netlify/functions';
import { ChangePasswordSchema } from '../../src/contract/auth.ts';
import { changePassword } from '../../src/features/auth/sessions.server.ts';
import { requireUser } from '../../src/server/auth/guards.server.ts';
import { withApi } from '../../src/server/http/with-api.ts';

/** Changes the password; every other session ends; answers a new token like sign-in does. */
export default withApi({
  POST: async (ctx) => {
    const user = await requireUser(ctx);
    return changePassword(ctx.db, user, await ctx.body(ChangePasswordSchema));
  },
});

export const config: Config = { path: '/api/auth/password' };
