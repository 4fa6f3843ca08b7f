import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { register } from '../../src/features/auth/auth.server.ts';
import { matchMechanicQuietly } from '../../src/features/admin/airmen-file/match.server.ts';
import { guardPublicWrite } from '../../src/server/http/public-writes.server.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';
import { rememberBrowser } from '../../src/features/auth/device-cookie.server.ts';

export default withApi(
  serve(ROUTES.authRegister, async (ctx) => {
    const data = await ctx.input(ROUTES.authRegister);
    // Sign-up is an anonymous write: it shares the per-IP budget of the public forms.
    await guardPublicWrite(ctx, data);
    const session = await register(ctx.db, data);
    // A new mechanic is looked up in the last FAA airmen file at once (docs/decisions/0120).
    if (data.role === 'mechanic') await matchMechanicQuietly(ctx.db, session.user.id);
    // This browser proved the account is its own: a lockout aimed at the email spares it (0096).
    return reply(ROUTES.authRegister, session, { status: 201, headers: rememberBrowser(ctx.req, session.user.id) });
  }),
);

export const config: Config = { path: '/api/auth/register' };
