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
import { serve, withApi } from '../../src/server/http/with-api.ts';

// The signed-in user's own notifications, newest first; marking one read (or all).
export default withApi(
  serve(ROUTES.notifications, async (ctx) => {
    const { user } = ctx;
    const { unread_only, limit } = ctx.query(ROUTES.notifications.query);
    const page = await listNotifications(ctx.db, user.id, {
      unreadOnly: unread_only,
      ...readPage(ctx.url, NOTIFICATION_KEYS),
      limit,
    });
    return reply(ROUTES.notifications, page.rows, { headers: pageHeaders(ctx.url, page.nextCursor) });
  }),
  serve(ROUTES.notificationsReadAll, async (ctx) => {
    const { user } = ctx;
    return reply(ROUTES.notificationsReadAll, { success: true, updated: await markAllRead(ctx.db, user.id) });
  }),
  serve(ROUTES.notificationRead, async (ctx) => {
    const { user } = ctx;
    return reply(ROUTES.notificationRead, await markRead(ctx.db, user.id, ctx.params.id));
  }),
);

export const config: Config = {
  path: ['/api/enhanced/notifications', '/api/enhanced/notifications/read-all', '/api/enhanced/notifications/:id/read'],
};
