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
import { requireRole } from '../../src/server/auth/guards.server.ts';
import { notFound } from '../../src/server/http/errors.ts';
import { withApi } from '../../src/server/http/with-api.ts';

// Administrators only: what the product sent or is waiting to send, retry of dead messages, and
// "deliver now" (the same run the scheduled function makes every minute).
export default withApi({
  GET: async (ctx) => {
    await requireRole(ctx, 'admin');
    // GET /api/admin/outbox/:id (the router names that one segment `action`): one message.
    const one = ctx.params['action'];
    if (one !== undefined) {
      if (ctx.params['id'] !== undefined) throw notFound('Not found');
      return reply(ROUTES.adminOutboxMessage, { success: true, data: await outboxMessage(ctx.db, one) });
    }
    const q = ctx.query(ROUTES.adminOutbox.query);
    const { after } = readPage(ctx.url, OUTBOX_KEYS);
    const [page, delivery] = await Promise.all([
      listOutbox(ctx.db, { status: q.status, page: q.page, perPage: q.per_page, after }),
      deliveryStatus(ctx.db),
    ]);
    return reply(
      ROUTES.adminOutbox,
      { success: true, ...page, delivery },
      { headers: pageHeaders(ctx.url, page.nextCursor ?? null) },
    );
  },
  POST: async (ctx) => {
    await requireRole(ctx, 'admin');
    const { id, action } = ctx.params;
    if (action === 'deliver' && id === undefined)
      return reply(ROUTES.adminOutboxDeliver, { success: true, data: await deliverDueMessages(ctx.db) });
    if (action === 'retry' && id !== undefined) {
      await retryMessage(ctx.db, id);
      return reply(ROUTES.adminOutboxRetry, { success: true });
    }
    throw notFound('Not found');
  },
});

export const config: Config = {
  path: ['/api/admin/outbox', '/api/admin/outbox/:action', '/api/admin/outbox/:id/:action'],
};
