import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { deliverDueMessages } from '../../src/features/messaging/deliver.server.ts';
import { OUTBOX_STATUSES } from '../../src/contract/outbox.ts';
import { listOutbox, retryMessage } from '../../src/features/messaging/outbox-admin.server.ts';
import { requireRole } from '../../src/server/auth/guards.server.ts';
import { notFound } from '../../src/server/http/errors.ts';
import { withApi } from '../../src/server/http/with-api.ts';

const ListQuery = z.object({
  status: z.enum(OUTBOX_STATUSES, { error: `status must be one of: ${OUTBOX_STATUSES.join(', ')}` }).optional(),
  page: z.coerce.number({ error: 'page must be a whole number of at least 1' }).int().min(1, 'page must be a whole number of at least 1').default(1),
  per_page: z.coerce.number({ error: 'per_page must be between 1 and 100' }).int().min(1).max(100, 'per_page must be between 1 and 100').default(25),
});

// Administrators only: what the product sent or is waiting to send, retry of dead messages, and
// "deliver now" (the same run the scheduled function makes every minute).
export default withApi({
  GET: async (ctx) => {
    await requireRole(ctx, 'admin');
    if (ctx.params['action'] !== undefined) throw notFound('Not found');
    const q = ctx.query(ListQuery);
    return { success: true, ...(await listOutbox(ctx.db, { status: q.status, page: q.page, perPage: q.per_page })) };
  },
  POST: async (ctx) => {
    await requireRole(ctx, 'admin');
    const { id, action } = ctx.params;
    if (action === 'deliver' && id === undefined) return { success: true, data: await deliverDueMessages(ctx.db) };
    if (action === 'retry' && id !== undefined) {
      await retryMessage(ctx.db, id);
      return { success: true };
    }
    throw notFound('Not found');
  },
});

export const config: Config = { path: ['/api/admin/outbox', '/api/admin/outbox/:action', '/api/admin/outbox/:id/:action'] };
