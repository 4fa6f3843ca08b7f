import { useCallback, useEffect, useRef, useState } from 'react';
import { MARKETPLACE } from '../../../contract/marketplace.ts';
import type { Notification } from '../../../contract/notifications.ts';
import { ROUTES } from '../../../contract/routes/marketplace.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { getWithRetry } from '../../../lib/fetch-retry.ts';

/** How often an open dashboard looks for new notifications (only while the tab is visible). */
const POLL_MS = 30_000;

export interface NotificationsState {
  items: Notification[];
  /** Unread ones, counted over up to 100 (the bell shows 99+ beyond that). */
  unread: number;
  reload: () => Promise<void>;
  markRead: (id: string) => Promise<void>;
  markAllRead: () => Promise<void>;
}

/**
 * The signed-in user's notifications (the spec's GET ...?unread_only=false&limit=20) and the
 * unread count for the bell. Marking read updates the local state after the server call (docs/product.md §4).
 */
export function useNotifications(): NotificationsState {
  const [items, setItems] = useState<Notification[]>([]);
  const [unread, setUnread] = useState(0);
  const alive = useRef(true);

  const reload = useCallback(async () => {
    const [list, unreadList] = await Promise.all([
      getWithRetry(ROUTES.notifications, { query: { unread_only: false, limit: MARKETPLACE.notificationsLimit } }),
      getWithRetry(ROUTES.notifications, { query: { unread_only: true, limit: MARKETPLACE.notificationsMaxLimit } }),
    ]);
    if (!alive.current) return;
    setItems(list);
    setUnread(unreadList.length);
  }, []);

  useEffect(() => {
    alive.current = true;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible')
        reload().catch((e) => console.warn('Notifications refresh failed', e));
    }, POLL_MS);
    return () => {
      alive.current = false;
      clearInterval(timer);
    };
  }, [reload]);

  // Marking read says nothing on a failure: the notice stays unread, as the server has it.
  const readOne = useWrite(ROUTES.notificationRead, {
    fallback: 'Could not mark the notification read',
    onError: (_message, e) => console.warn('Could not mark the notification read', e),
    onSuccess: (updated) => {
      setItems((list) => list.map((n) => (n.id === updated.id ? updated : n)));
      setUnread((n) => Math.max(0, n - 1));
    },
  });
  const readAll = useWrite(ROUTES.notificationsReadAll, {
    fallback: 'Could not mark notifications read',
    onError: (_message, e) => console.warn('Could not mark notifications read', e),
    onSuccess: () => {
      setItems((list) => list.map((n) => ({ ...n, isRead: true })));
      setUnread(0);
    },
  });
  const markRead = useCallback(async (id: string) => void (await readOne.run({ params: { id } })), [readOne.run]);
  const markAllRead = useCallback(async () => void (await readAll.run()), [readAll.run]);

  return { items, unread, reload, markRead, markAllRead };
}
