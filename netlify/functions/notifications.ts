import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import {
  NOTIFICATION_KEYS,
  listNotifications,
  markAllRead,
  markRead,
} from '../../src/features/marketplace/notifications.server.ts';
import { pageHeaders, readPage } from '../../src/server/http/paging.ts';
import { segmentsAfter } from '../../src/server/http/segments.ts';
import { requireUser } from '../../src/server/auth/guards.server.ts';
import { HttpError } from '../../src/server/http/errors.ts';
import { withApi, type ApiContext } from '../../src/server/http/with-api.ts';

const BASE = '/api/enhanced/notifications';

// The signed-in user's own notifications, newest first; marking one read (or all).
async function read(ctx: ApiContext) {
  const user = await requireUser(ctx);
  const [id, verb] = segmentsAfter(ctx, BASE);
  if (id === 'read-all')
    return reply(ROUTES.notificationsReadAll, { success: true, updated: await markAllRead(ctx.db, user.id) });
  if (id && verb === 'read') return reply(ROUTES.notificationRead, await markRead(ctx.db, user.id, id));
  throw new HttpError(405, 'Mark a notification read with PUT /api/enhanced/notifications/{id}/read');
}

export default withApi({
  GET: async (ctx) => {
    const user = await requireUser(ctx);
    if (segmentsAfter(ctx, BASE).length > 0)
      throw new HttpError(405, 'List notifications with GET /api/enhanced/notifications');
    const { unread_only, limit } = ctx.query(ROUTES.notifications.query);
    const page = await listNotifications(ctx.db, user.id, {
      unreadOnly: unread_only,
      ...readPage(ctx.url, NOTIFICATION_KEYS),
      limit,
    });
    return reply(ROUTES.notifications, page.rows, { headers: pageHeaders(ctx.url, page.nextCursor) });
  },
  PUT: read,
  POST: read,
  PATCH: read,
});

export const config: Config = {
  path: ['/api/enhanced/notifications', '/api/enhanced/notifications/read-all', '/api/enhanced/notifications/:id/read'],
};
