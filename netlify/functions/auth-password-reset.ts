import type { Config } from '@netlify/functions';
import { PasswordResetConfirmSchema, PasswordResetRequestSchema } from '../../src/contract/auth.ts';
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
      const data = await ctx.body(PasswordResetConfirmSchema);
      await guardPublicWrite(ctx, {});
      return confirmPasswordReset(ctx.db, data);
    }
    const data = await ctx.body(PasswordResetRequestSchema);
    await guardPublicWrite(ctx, data);
    return requestPasswordReset(ctx.db, data.email, ctx.url.origin);
  },
});

export const config: Config = { path: ['/api/auth/password-reset', '/api/auth/password-reset/confirm'] };
