import type { Config } from '@netlify/functions';
import { LoginSchema } from '../../src/contract/auth.ts';
import { login } from '../../src/features/auth/auth.server.ts';
import { withApi } from '../../src/server/http/with-api.ts';

export default withApi({
  POST: async (ctx) => login(ctx.db, await ctx.body(LoginSchema), ctx.ip),
});

export const config: Config = { path: '/api/auth/login' };
