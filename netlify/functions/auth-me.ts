import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { toPublicUser } from '../../src/features/auth/public-user.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

export default withApi(serve(ROUTES.authMe, async (ctx) => reply(ROUTES.authMe, { user: toPublicUser(ctx.user) })));

export const config: Config = { path: '/api/auth/me' };
