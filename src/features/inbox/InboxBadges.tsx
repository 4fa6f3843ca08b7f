import { Clock, Siren } from 'lucide-react';
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

/**
 * An emergency or an "ASAP" request (URGENT_REQUEST_RULE in the contract; its clock is the
 * settings catalog's `urgent_reply_hours`): listed first while unanswered.
 */
export function UrgentBadge({ urgent }: { urgent: boolean }) {
  if (!urgent) return null;
  return (
    <Badge tone="destructive" data-testid="urgent-flag" title="Emergency or ASAP: listed first, shorter reply clock">
      <Siren className="h-3 w-3 shrink-0" aria-hidden="true" />
      Urgent
    </Badge>
  );
}
