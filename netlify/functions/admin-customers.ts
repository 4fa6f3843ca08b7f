import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { listCustomers } from '../../src/features/admin/customers.server.ts';
import { requireRole } from '../../src/server/auth/guards.server.ts';
import { withApi } from '../../src/server/http/with-api.ts';

// Pilot accounts with aircraft and request counts: ?q=&page=&per_page=
export default withApi({
  GET: async (ctx) => {
    await requireRole(ctx, 'admin');
    return reply(ROUTES.adminCustomers, await listCustomers(ctx.db, ctx.query(ROUTES.adminCustomers.query)));
  },
});

export const config: Config = { path: '/api/admin/customers' };
