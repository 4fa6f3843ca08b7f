import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { CUSTOMER_KEYS, listCustomers } from '../../src/features/admin/customers.server.ts';
import { customerDetail } from '../../src/features/admin/customer-detail.server.ts';
import { pageHeaders, readPage } from '../../src/server/http/paging.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// Pilot accounts with aircraft and request counts: ?q=&per_page=&cursor= (or &page= by offset);
// /:id is one customer with their requests, aircraft, quote requests and leads.
export default withApi(
  serve(ROUTES.adminCustomers, async (ctx) => {
    const query = ctx.query(ROUTES.adminCustomers.query);
    const { after } = readPage(ctx.url, CUSTOMER_KEYS);
    const page = await listCustomers(ctx.db, query, after);
    return reply(ROUTES.adminCustomers, page, { headers: pageHeaders(ctx.url, page.nextCursor ?? null) });
  }),
  serve(ROUTES.adminCustomer, async (ctx) => {
    return reply(ROUTES.adminCustomer, { success: true, data: await customerDetail(ctx.db, ctx.params.id) });
  }),
);

export const config: Config = { path: ['/api/admin/customers', '/api/admin/customers/:id'] };
