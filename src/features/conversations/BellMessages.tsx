import { useStore } from '@nanostores/react';
import { MessageSquare } from 'lucide-react';
import { $messagesTabAsked, $unreadMessages } from './store.ts';

/** The bell's line for unread messages: they count in its badge, and this opens Messages. */
export function BellMessages() {
  const unread = useStore($unreadMessages);
  if (!unread) return null;
  return (
    <button
      type="button"
      className="mb-2 flex w-full items-center gap-2 rounded-md bg-muted px-3 py-2 text-left text-sm font-medium hover:bg-muted/70"
      onClick={() => $messagesTabAsked.set($messagesTabAsked.get() + 1)}
      data-bell-messages
    >
      <MessageSquare className="h-4 w-4" aria-hidden="true" />
      {unread} unread {unread === 1 ? 'message' : 'messages'}
    </button>
  );
}
