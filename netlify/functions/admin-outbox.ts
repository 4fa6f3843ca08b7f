import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { deliverDueMessages, deliveryStatus } from '../../src/features/messaging/deliver.server.ts';
import {
  OUTBOX_KEYS,
  listOutbox,
  outboxMessage,
  retryMessage,
} from '../../src/features/messaging/outbox-admin.server.ts';
import { pageHeaders, readPage } from '../../src/server/http/paging.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// Administrators only: what the product sent or is waiting to send, retry of dead messages, and
// "deliver now" (the same run the scheduled function makes every minute).
export default withApi(
  serve(ROUTES.adminOutbox, async (ctx) => {
    const q = ctx.query(ROUTES.adminOutbox.query);
    const { after } = readPage(ctx.url, OUTBOX_KEYS);
    const [page, delivery] = await Promise.all([
      listOutbox(ctx.db, { status: q.status, q: q.q, page: q.page, perPage: q.per_page, after }),
      deliveryStatus(ctx.db),
    ]);
    return reply(
      ROUTES.adminOutbox,
      { success: true, ...page, delivery },
      { headers: pageHeaders(ctx.url, page.nextCursor ?? null) },
    );
  }),
  serve(ROUTES.adminOutboxMessage, async (ctx) => {
    return reply(ROUTES.adminOutboxMessage, { success: true, data: await outboxMessage(ctx.db, ctx.params.id) });
  }),
  serve(ROUTES.adminOutboxDeliver, async (ctx) => {
    return reply(ROUTES.adminOutboxDeliver, { success: true, data: await deliverDueMessages(ctx.db) });
  }),
  serve(ROUTES.adminOutboxRetry, async (ctx) => {
    await retryMessage(ctx.db, ctx.params.id);
    return reply(ROUTES.adminOutboxRetry, { success: true });
  }),
);

export const config: Config = {
  path: ['/api/admin/outbox', '/api/admin/outbox/deliver', '/api/admin/outbox/:id', '/api/admin/outbox/:id/retry'],
};
