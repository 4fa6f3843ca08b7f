import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { dueSoon } from '../../src/features/maintenance/due-soon.server.ts';
import { reply } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// The Overview's Due Soon card: what is due across all of the signed-in owner's aircraft.
export default withApi(
  serve(ROUTES.maintenanceDueSoon, async (ctx) => {
    return reply(ROUTES.maintenanceDueSoon, await dueSoon(ctx.db, ctx.user.id));
  }),
);

export const config: Config = { path: '/api/maintenance/due-soon' };
