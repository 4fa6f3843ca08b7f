import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { confirmPasswordReset, requestPasswordReset } from '../../src/features/auth/sessions.server.ts';
import { guardPublicWrite } from '../../src/server/http/public-writes.server.ts';
import { withApi } from '../../src/server/http/with-api.ts';

/**
 * POST /api/auth/password-reset {email}: always 200 with the same body (docs/decisions/0091).
 * POST /api/auth/password-reset/confirm {token, newPassword}: sets the password, signs in.
 */
export default withApi({
  POST: async (ctx) => {
    if (ctx.url.pathname.replace(/\/+$/, '').endsWith('/confirm')) {
      const data = await ctx.input(ROUTES.authPasswordResetConfirm);
      await guardPublicWrite(ctx, {});
      return reply(ROUTES.authPasswordResetConfirm, await confirmPasswordReset(ctx.db, data));
    }
    const data = await ctx.input(ROUTES.authPasswordReset);
    await guardPublicWrite(ctx, data);
    return reply(ROUTES.authPasswordReset, await requestPasswordReset(ctx.db, data.email, ctx.url.origin));
  },
});

export const config: Config = { path: ['/api/auth/password-reset', '/api/auth/password-reset/confirm'] };
