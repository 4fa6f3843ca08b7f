import type { Config } from '@netlify/functions';
import { LoginSchema } from '../../src/contract/auth.ts';
import { login } from '../../src/features/auth/auth.server.ts';
import { deviceCookieHeader, readDeviceCookie } from '../../src/features/auth/device-cookie.server.ts';
import { json } from '../../src/server/http/json.ts';
import { withApi } from '../../src/server/http/with-api.ts';

export default withApi({
  POST: async (ctx) => {
    const device = readDeviceCookie(ctx.req);
    const { session, userId } = await login(ctx.db, await ctx.body(LoginSchema), ctx.ip, device);
    // Remember this browser for the account, so a lockout aimed at the email spares it.
    return json(session, 200, { 'Set-Cookie': deviceCookieHeader(userId, device) });
  },
});

export const config: Config = { path: '/api/auth/login' };
