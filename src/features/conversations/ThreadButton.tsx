import { MessageSquare } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { ROUTES } from '../../contract/routes/conversations.ts';
import { detailOf } from '../../lib/refusal.ts';
import { useWrite } from '../../lib/use-write.ts';
import { showThread, useUnreadFor } from './store.ts';

/**
 * "Message" on a request, quote or appointment card: opens that job's thread in the Messages tab,
 * with the thread's unread count. `mechanicId` when the owner picks which mechanic to write to.
 */
export function ThreadButton({
  serviceRequestId,
  mechanicId,
  label = 'Message',
  name,
}: {
  serviceRequestId: string;
  mechanicId?: string;
  label?: string;
  name: string;
}) {
  const unread = useUnreadFor(serviceRequestId, mechanicId);
  // Opens (or finds) the thread of the request with the mechanic.
  const openWrite = useWrite(ROUTES.conversationOpen, {
    fallback: 'Could not open the conversation',
    onSuccess: showThread,
    onError: (_message, e) => toast.error('Could not open the conversation', { description: detailOf(e) }),
  });
  const open = () => void openWrite.run({ body: { serviceRequestId, ...(mechanicId ? { mechanicId } : {}) } });
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={openWrite.pending}
      onClick={open}
      aria-label={`${label} ${name}${unread ? `, ${unread} unread` : ''}`}
      data-thread-button
    >
      <MessageSquare className="h-4 w-4" aria-hidden="true" />
      {label}
      {unread > 0 && (
        <span className="rounded-full bg-destructive px-1.5 text-xs font-bold text-white" aria-hidden="true">
          {unread}
        </span>
      )}
    </Button>
  );
}

/** "2 unread messages" on a card whose threads have news (the owner's request card: all its mechanics). */
export function UnreadBadge({ serviceRequestId }: { serviceRequestId: string }) {
  const unread = useUnreadFor(serviceRequestId);
  if (!unread) return null;
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-destructive px-2 py-0.5 text-xs font-bold text-white"
      data-unread-badge
    >
      <MessageSquare className="h-3 w-3" aria-hidden="true" />
      {unread} unread {unread === 1 ? 'message' : 'messages'}
    </span>
  );
}
