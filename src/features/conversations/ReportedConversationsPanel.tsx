import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Checkbox } from '../../components/ui/field.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import type { ReportedConversation } from '../../contract/conversations.ts';
import { ROUTES } from '../../contract/routes/conversations.ts';
import { ROUTES as INBOX_ROUTES } from '../../contract/routes/inbox.ts';
import { call } from '../../lib/api-client.ts';
import { detailOf, detailOr } from '../../lib/refusal.ts';
import { invalidate, keyOf } from '../../lib/use-query.ts';
import { HandledReports } from './HandledReports.tsx';
import { SuspendedPeople } from './SuspendedPeople.tsx';
import { useWrite } from '../../lib/use-write.ts';
import { formatDateTime } from '../../lib/format.ts';

/**
 * The console's queue of reported conversations: the reports, the thread as written (the
 * administrator reads a thread only once a message in it is reported), "No action needed", and
 * Close, which can also suspend the sender of the reported messages; then who is suspended, each
 * with "Lift suspension".
 */
export default function ReportedConversationsPanel() {
  const [items, setItems] = useState<ReportedConversation[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [closing, setClosing] = useState<ReportedConversation | null>(null);
  const [suspend, setSuspend] = useState(false);
  const [dismissing, setDismissing] = useState<ReportedConversation | null>(null);

  const load = useCallback(() => {
    setFailed(false);
    call(ROUTES.adminConversations, { query: { reported: 'true' } })
      .then(setItems)
      .catch((e: unknown) => {
        console.warn('Loading reported conversations failed', e);
        setFailed(true);
      });
  }, []);
  useEffect(load, [load]);

  const closeWrite = useWrite(ROUTES.adminConversationClose, {
    fallback: 'Could not close the conversation',
    onSuccess: (done, { params }) => {
      toast.success(done.suspended ? 'Conversation closed and sender suspended' : 'Conversation closed');
      setItems((list) => (list ?? []).filter((c) => c.id !== params.id));
      setClosing(null);
      invalidate(keyOf(INBOX_ROUTES.adminInboxSummary, {}));
      invalidate(keyOf(ROUTES.adminHandledReports));
    },
    onError: (_message, e) => toast.error('Could not close the conversation', { description: detailOf(e) }),
  });
  const dismissWrite = useWrite(ROUTES.adminConversationDismiss, {
    fallback: 'Could not dismiss the reports',
    reason: detailOr,
    onSuccess: (_done, { params }) => {
      toast.success('Reports dismissed: no action taken');
      setItems((list) => (list ?? []).filter((c) => c.id !== params.id));
      setDismissing(null);
      invalidate(keyOf(INBOX_ROUTES.adminInboxSummary, {}));
      invalidate(keyOf(ROUTES.adminHandledReports));
    },
  });
  const close = () => {
    if (!closing) return;
    void closeWrite.run({ params: { id: closing.id }, body: { suspendSender: suspend } });
  };

  if (failed)
    return (
      <div role="alert" className="space-y-2 text-sm">
        <p>We could not load the reported conversations.</p>
        <Button size="sm" variant="outline" onClick={load}>
          Try again
        </Button>
      </div>
    );
  if (!items) return <Loading label="Loading reported conversations..." />;
  return (
    <section aria-labelledby="reported-heading" className="space-y-4">
      <h2 id="reported-heading" className="text-xl font-semibold">
        Reported conversations
      </h2>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No reported conversations.</p>
      ) : (
        <ul className="space-y-4">
          {items.map((c) => (
            <li key={c.id}>
              <Card className="space-y-3 p-4" data-reported={c.id}>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <h3 className="font-semibold">{c.subject}</h3>
                    <p className="text-sm text-muted-foreground">
                      {c.parties
                        .map(
                          (p) =>
                            `${p.name} (${p.role === 'mechanic' ? 'mechanic' : 'owner'}${p.suspended ? ', suspended' : ''})`,
                        )
                        .join(' and ')}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => {
                        dismissWrite.clearError();
                        setDismissing(c);
                      }}
                    >
                      No action needed
                    </Button>
                    <Button
                      variant="destructive"
                      size="sm"
                      onClick={() => {
                        setSuspend(false);
                        setClosing(c);
                      }}
                    >
                      Close conversation
                    </Button>
                  </div>
                </div>
                <ul className="space-y-1 text-sm">
                  {c.reports.map((r) => (
                    <li key={r.id}>
                      <Badge tone="warning">Report</Badge> {r.reporter}, {formatDateTime(r.at)}: {r.reason}
                    </li>
                  ))}
                </ul>
                <ol className="max-h-72 space-y-1 overflow-y-auto rounded-md bg-muted/50 p-2 text-sm">
                  {c.messages.map((m) => (
                    <li key={m.id} className={m.reported ? 'rounded bg-warning-muted px-1' : ''}>
                      <span className="text-xs text-muted-foreground">{formatDateTime(m.at)}</span>{' '}
                      <strong>{m.kind === 'event' ? 'Event' : m.fromName}</strong>: {m.text}
                    </li>
                  ))}
                </ol>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={dismissing !== null}
        onOpenChange={(open) => !open && setDismissing(null)}
        title="Dismiss these reports?"
        description="The conversation leaves this queue and stays open; nobody is suspended or told."
        confirmLabel="No action needed"
        busy={dismissWrite.pending}
        error={dismissWrite.error}
        onConfirm={() => {
          if (dismissing) void dismissWrite.run({ params: { id: dismissing.id } });
        }}
      />
      <ConfirmDialog
        open={closing !== null}
        onOpenChange={(open) => !open && setClosing(null)}
        title="Close this conversation?"
        description="Neither side can write in it again; both see a line saying an administrator closed it."
        confirmLabel="Close conversation"
        destructive
        busy={closeWrite.pending}
        onConfirm={close}
      >
        <Checkbox
          id="suspend-sender"
          label="Also suspend the sender of the reported messages (they can no longer write to anyone)"
          checked={suspend}
          onChange={(e) => setSuspend(e.target.checked)}
        />
      </ConfirmDialog>
      <HandledReports />
      <SuspendedPeople />
    </section>
  );
}
