import type { Config } from '@netlify/functions';
import { CustomersQuerySchema } from '../../src/contract/customers.ts';
import { listCustomers } from '../../src/features/admin/customers.server.ts';
import { requireRole } from '../../src/server/auth/guards.server.ts';
import { withApi } from '../../src/server/http/with-api.ts';

// Pilot accounts with aircraft and request counts: ?q=&page=&per_page=
export default withApi({
  GET: async (ctx) => {
    await requireRole(ctx, 'admin');
    return listCustomers(ctx.db, ctx.query(CustomersQuerySchema));
  },
});

export const config: Config = { path: '/api/admin/customers' };
