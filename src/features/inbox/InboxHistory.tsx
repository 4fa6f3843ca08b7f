import { INBOX_STATUSES, LOST_REASONS, type InboxEvent } from '../../contract/inbox.ts';
import { labelOf } from '../../contract/options.ts';
import { formatDateTime } from '../../lib/format.ts';

const DELIVERY: Record<string, string> = {
  pending: 'waiting in the outbox',
  sending: 'sending',
  sent: 'delivered to the provider',
  dead: 'failed: see the Outbox tab',
};

function describe(e: InboxEvent): string {
  switch (e.kind) {
    case 'status': {
      const to = labelOf(INBOX_STATUSES, e.to ?? '');
      const base = e.reopened ? `Reopened as ${to}` : `${labelOf(INBOX_STATUSES, e.from ?? '')} → ${to}`;
      return e.to === 'lost'
        ? `${base}: ${labelOf(LOST_REASONS, e.lostReason ?? 'other')}${e.text ? ` (${e.text})` : ''}`
        : base;
    }
    case 'reply':
      return `Replied "${e.subject ?? ''}" · ${DELIVERY[e.delivery ?? ''] ?? e.delivery ?? 'unknown'}`;
    case 'note':
      return `Note: ${e.text ?? ''}`;
    case 'assign':
      return e.assignedTo ? `Assigned to ${e.assignedTo.name}` : 'Unassigned';
    case 'merge':
      return e.text ?? 'Merged';
    case 'unmerge':
      return e.text ?? 'Merge undone';
    case 'convert':
      return `${e.text ?? 'Converted'}${e.delivery ? ` · ${DELIVERY[e.delivery] ?? e.delivery}` : ''}`;
  }
}

/** Who did what and when, newest first. */
export function InboxHistory({ history }: { history: InboxEvent[] }) {
  return (
    <section aria-label="History" className="space-y-2">
      <h3 className="font-semibold">History</h3>
      {history.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing done yet.</p>
      ) : (
        <ol className="space-y-2 border-l-2 border-border pl-3 text-sm">
          {[...history].reverse().map((e) => (
            <li key={e.id}>
              <p className="whitespace-pre-line break-words">{describe(e)}</p>
              <p className="text-xs text-muted-foreground">
                {e.by?.name ?? 'The customer'} · <time dateTime={e.at}>{formatDateTime(e.at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
