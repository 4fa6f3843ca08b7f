import type { Config } from '@netlify/functions';
import { toPublicUser } from '../../src/features/auth/public-user.ts';
import { requireUser } from '../../src/server/auth/guards.server.ts';
import { withApi } from '../../src/server/http/with-api.ts';

export default withApi({
  GET: async (ctx) => ({ user: toPublicUser(await requireUser(ctx)) }),
});

export const config: Config = { path: '/api/auth/me' };
