import { Badge, type BadgeTone } from '../../components/ui/badge.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import type { OutboxAttemptView, OutboxMessage } from '../../contract/outbox.ts';
import { ROUTES } from '../../contract/routes/admin.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useRoute } from '../../lib/use-query.ts';
import { LoadError } from '../../components/ui/load-error.tsx';

const OUTCOME: Record<OutboxAttemptView['outcome'], { label: string; tone: BadgeTone }> = {
  sent: { label: 'Sent', tone: 'success' },
  failed: { label: 'Failed', tone: 'destructive' },
  interrupted: { label: 'Interrupted', tone: 'warning' },
};

function Body({ m }: { m: OutboxMessage }) {
  return (
    <div className="space-y-4 text-sm">
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">What</dt>
        <dd>{m.kindLabel}</dd>
        <dt className="text-muted-foreground">To</dt>
        <dd className="break-all" data-testid="outbox-to">
          {m.toAddress}
        </dd>
        {m.replyTo && (
          <>
            <dt className="text-muted-foreground">Reply-To</dt>
            <dd className="break-all">{m.replyTo}</dd>
          </>
        )}
        {m.subject !== null && (
          <>
            <dt className="text-muted-foreground">Subject</dt>
            <dd className="break-words font-medium">{m.subject}</dd>
          </>
        )}
        <dt className="text-muted-foreground">Queued</dt>
        <dd>{formatDateTime(m.createdAt)}</dd>
        {m.sentAt && (
          <>
            <dt className="text-muted-foreground">Sent</dt>
            <dd>{formatDateTime(m.sentAt)}</dd>
          </>
        )}
      </dl>
      <section aria-labelledby="outbox-body-heading">
        <h3 id="outbox-body-heading" className="mb-1 font-semibold">
          {m.channel === 'sms' ? 'Text' : 'Message'}
        </h3>
        {/* The text as sent; an HTML version is never run here (it is the same words, formatted). */}
        <pre
          className="max-h-80 overflow-auto whitespace-pre-wrap break-words rounded-md border border-border bg-muted p-3 font-sans"
          data-testid="outbox-body"
        >
          {m.bodyText}
        </pre>
        {m.bodyHtml && (
          <p className="mt-1 text-xs text-muted-foreground">Sent with an HTML version of the same text.</p>
        )}
      </section>
      <section aria-labelledby="outbox-attempts-heading">
        <h3 id="outbox-attempts-heading" className="mb-1 font-semibold">
          Delivery attempts ({m.attemptsLog.length})
        </h3>
        {m.attemptsLog.length === 0 ? (
          <p className="text-muted-foreground">
            {m.status === 'pending' ? `Not tried yet: due ${formatDateTime(m.nextAttemptAt)}.` : 'No attempt recorded.'}
          </p>
        ) : (
          <ol className="divide-y divide-border rounded-md border border-border" data-testid="outbox-attempts">
            {m.attemptsLog.map((a, i) => (
              <li key={`${a.at}-${i}`} className="space-y-1 p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={OUTCOME[a.outcome].tone}>{OUTCOME[a.outcome].label}</Badge>
                  <span>{formatDateTime(a.at)}</span>
                  {a.provider && <span className="text-muted-foreground">via {a.provider}</span>}
                </div>
                {a.detail && <p className="break-words text-muted-foreground">{a.detail}</p>}
              </li>
            ))}
          </ol>
        )}
        {m.status === 'pending' && m.attemptsLog.length > 0 && (
          <p className="mt-1 text-muted-foreground">Next try {formatDateTime(m.nextAttemptAt)}.</p>
        )}
      </section>
    </div>
  );
}

/** One outbox message as it was sent: recipient, subject, body, attempts. */
export default function OutboxMessageDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const message = useRoute(ROUTES.adminOutboxMessage, { params: { id } });
  const state = message.state;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={state.status === 'ready' ? (state.data.data.subject ?? 'Text message') : 'Message'}
      className="max-w-2xl"
    >
      {state.status === 'loading' && <Loading label="Loading message..." />}
      {state.status === 'error' && (
        <LoadError message="Failed to load the message" onRetry={() => void message.reload()} />
      )}
      {state.status === 'ready' && <Body m={state.data.data} />}
    </Dialog>
  );
}
