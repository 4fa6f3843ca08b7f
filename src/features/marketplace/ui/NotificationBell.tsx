import { countBadge } from './count-badge.ts';
import { Bell } from 'lucide-react';
import { Popover } from 'radix-ui';
import { buttonClass } from '../../../components/ui/button.tsx';
import type { Notification } from '../../../contract/notifications.ts';
import { EmailPreference } from './EmailPreference.tsx';
import { NotificationList } from './NotificationList.tsx';
import type { NotificationsState } from './use-notifications.ts';
import { useStore } from '@nanostores/react';
import { BellMessages } from '../../conversations/BellMessages.tsx';
import { $unreadMessages } from '../../conversations/store.ts';

/** The header bell: the unread count as a badge, the latest notifications in a popover. */
export function NotificationBell({
  state,
  onOpenItem,
}: {
  state: NotificationsState;
  onOpenItem?: (n: Notification) => void;
}) {
  const { items, unread: unreadNotices, markRead, markAllRead } = state;
  const unread = unreadNotices + useStore($unreadMessages); // unread messages count in the bell too
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Popover.Root>
      <Popover.Trigger
        className={`${buttonClass('ghost', 'icon')} relative`}
        aria-label={label}
        data-testid="notification-bell"
      >
        <Bell className="h-5 w-5" aria-hidden="true" />
        {unread > 0 && (
          <span
            className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-xs font-bold text-white"
            aria-hidden="true"
            data-testid="unread-badge"
          >
            {countBadge(unread)}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          className="z-50 w-[min(24rem,calc(100vw-1.5rem))] rounded-lg border border-border bg-background p-3 shadow-xl"
        >
          <p className="mb-2 font-semibold">Notifications</p>
          <BellMessages />
          <NotificationList
            compact
            items={items}
            unread={unreadNotices}
            onRead={(n) => {
              if (!n.isRead) markRead(n.id).catch((e) => console.warn('Could not mark the notification read', e));
              onOpenItem?.(n);
            }}
            onReadAll={() => markAllRead().catch((e) => console.warn('Could not mark notifications read', e))}
          />
          <EmailPreference />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
