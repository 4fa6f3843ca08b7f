import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { adminOpenCalls } from '../../src/features/aog/views.server.ts';
import { reply } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// The console's open aircraft-on-ground calls, oldest first, with their age and mechanics to phone.
export default withApi(
  serve(ROUTES.adminAog, async (ctx) => {
    const { after } = ctx.query(ROUTES.adminAog.query);
    return reply(ROUTES.adminAog, await adminOpenCalls(ctx.db, new Date(), after));
  }),
);

export const config: Config = { path: '/api/admin/aog' };
