import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { login } from '../../src/features/auth/auth.server.ts';
import { deviceCookieHeader, readDeviceCookie } from '../../src/features/auth/device-cookie.server.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

export default withApi(
  serve(ROUTES.authLogin, async (ctx) => {
    const device = readDeviceCookie(ctx.req);
    const { session, userId } = await login(ctx.db, await ctx.input(ROUTES.authLogin), ctx.ip, device);
    // Remember this browser for the account, so a lockout aimed at the email spares it.
    return reply(ROUTES.authLogin, session, { headers: { 'Set-Cookie': deviceCookieHeader(userId, device) } });
  }),
);

export const config: Config = { path: '/api/auth/login' };
