import type { Config } from '@netlify/functions';
import { RegisterSchema } from '../../src/contract/auth.ts';
import { register } from '../../src/features/auth/auth.server.ts';
import { json } from '../../src/server/http/json.ts';
import { guardPublicWrite } from '../../src/server/http/public-writes.server.ts';
import { withApi } from '../../src/server/http/with-api.ts';

export default withApi({
  POST: async (ctx) => {
    const data = await ctx.body(RegisterSchema);
    // Sign-up is an anonymous write: it shares the per-IP budget of the public forms.
    await guardPublicWrite(ctx, data);
    return json(await register(ctx.db, data), 201);
  },
});

export const config: Config = { path: '/api/auth/register' };
