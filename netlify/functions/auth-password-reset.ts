import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { confirmPasswordReset, requestPasswordReset } from '../../src/features/auth/sessions.server.ts';
import { guardPublicWrite } from '../../src/server/http/public-writes.server.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';
import { readDeviceCookie, rememberBrowser } from '../../src/features/auth/device-cookie.server.ts';
import { readJson } from '../../src/server/http/body.ts';
import { requireAddressKey } from '../../src/server/http/client-ip.ts';
import { PasswordResetRequestSchema, SESSION_MESSAGES } from '../../src/contract/auth.ts';

/**
 * POST /api/auth/password-reset {email}: always 200 with the same body (docs/decisions/0091).
 * POST /api/auth/password-reset/confirm {token, newPassword}: sets the password, signs in.
 */
export default withApi(
  serve(ROUTES.authPasswordResetConfirm, async (ctx) => {
    const data = await ctx.input(ROUTES.authPasswordResetConfirm);
    await guardPublicWrite(ctx, {});
    const session = await confirmPasswordReset(ctx.db, data);
    return reply(ROUTES.authPasswordResetConfirm, session, { headers: rememberBrowser(ctx.req, session.user.id) });
  }),
  serve(ROUTES.authPasswordReset, async (ctx) => {
    // Always 200 with the same body: an address that cannot be an account's gets the answer any
    // unknown address gets, and nothing is sent.
    const parsed = PasswordResetRequestSchema.safeParse(await readJson(ctx.req).catch(() => null));
    if (!parsed.success)
      return reply(ROUTES.authPasswordReset, { success: true, message: SESSION_MESSAGES.resetRequested });
    await guardPublicWrite(ctx, parsed.data);
    return reply(
      ROUTES.authPasswordReset,
      await requestPasswordReset(ctx.db, parsed.data.email, {
        clientKey: requireAddressKey(ctx.ip),
        device: readDeviceCookie(ctx.req),
      }),
    );
  }),
);

export const config: Config = { path: ['/api/auth/password-reset', '/api/auth/password-reset/confirm'] };
