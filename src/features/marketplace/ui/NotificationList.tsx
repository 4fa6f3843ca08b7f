import { Bell, CheckCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { Notification } from '../../../contract/notifications.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';

export interface NotificationListProps {
  items: Notification[];
  unread: number;
  onRead: (n: Notification) => void;
  onReadAll: () => void;
  compact?: boolean;
}

/** Notifications newest first; an unread one is marked and becomes read when clicked (docs/product.md §4). */
export function NotificationList({ items, unread, onRead, onReadAll, compact }: NotificationListProps) {
  if (items.length === 0) {
    return compact ? (
      <p className="px-2 py-6 text-center text-sm text-muted-foreground">No notifications yet</p>
    ) : (
      <EmptyState
        Icon={Bell}
        title="No notifications yet"
        hint="Matches, quotes and appointment updates will appear here."
      />
    );
  }
  return (
    <div>
      <div className="mb-2 flex items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">{unread > 0 ? `${unread} unread` : 'All caught up'}</p>
        {unread > 0 && (
          <Button variant="ghost" size="sm" onClick={onReadAll}>
            <CheckCheck className="h-4 w-4" aria-hidden="true" />
            Mark all as read
          </Button>
        )}
      </div>
      <ul
        className={cn('divide-y divide-border rounded-md border border-border', compact && 'max-h-96 overflow-y-auto')}
      >
        {items.map((n) => (
          <li key={n.id}>
            <button
              type="button"
              onClick={() => onRead(n)}
              className={cn('flex w-full gap-3 px-3 py-3 text-left hover:bg-muted', !n.isRead && 'bg-info-muted/60')}
              aria-label={`${n.isRead ? '' : 'Unread: '}${n.title}. ${n.message}`}
            >
              <span
                className={cn('mt-1.5 h-2 w-2 shrink-0 rounded-full', n.isRead ? 'bg-transparent' : 'bg-accent')}
                aria-hidden="true"
              />
              <span className="min-w-0">
                <span className={cn('block text-sm', n.isRead ? 'font-medium' : 'font-semibold')}>{n.title}</span>
                <span className="block text-sm text-muted-foreground">{n.message}</span>
                <span className="mt-0.5 block text-xs text-muted-foreground">{formatDateTime(n.createdAt)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
