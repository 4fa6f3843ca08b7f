import { Clock } from 'lucide-react';
import { Badge, type BadgeTone } from '../../components/ui/badge.tsx';
import { INBOX_STATUSES, type InboxStatus } from '../../contract/inbox.ts';
import { labelOf } from '../../contract/options.ts';
import { timeLeft } from './time-left.ts';

const TONES: Record<InboxStatus, BadgeTone> = {
  new: 'warning',
  contacted: 'info',
  quoted: 'default',
  won: 'success',
  lost: 'secondary',
};

export function InboxStatusBadge({ status }: { status: InboxStatus }) {
  return <Badge tone={TONES[status]}>{labelOf(INBOX_STATUSES, status)}</Badge>;
}

/** The time left to answer, red once overdue; nothing once answered. */
export function RespondBy({ respondBy }: { respondBy: string | null }) {
  const left = timeLeft(respondBy);
  if (!left) return null;
  return (
    <span
      className={`inline-flex items-center gap-1 text-xs font-medium ${left.overdue ? 'text-destructive' : 'text-muted-foreground'}`}
      data-overdue={left.overdue || undefined}
    >
      <Clock className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
      {left.text}
    </span>
  );
}
