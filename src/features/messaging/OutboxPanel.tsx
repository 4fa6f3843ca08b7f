import { RefreshCw, Search, Send } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { toast } from 'sonner';
import { Badge, type BadgeTone } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import { ROUTES } from '../../contract/routes/admin.ts';
import { detailOr } from '../../lib/refusal.ts';
import { useWrite } from '../../lib/use-write.ts';
import { call } from '../../lib/api-client.ts';
import { useRoute } from '../../lib/use-query.ts';
import { formatDateTime } from '../../lib/format.ts';
import { LoadError } from '../../components/ui/load-error.tsx';
import { OUTBOX_SEARCH_MAX, type OutboxDelivery, type OutboxStatus } from '../../contract/outbox.ts';
import { outboxKindLabel } from '../../contract/outbox-kinds.ts';
import { MoreButton } from '../../components/ui/more-button.tsx';
import { useMorePages } from '../../lib/use-more-pages.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { Input, Label } from '../../components/ui/field.tsx';

// A message opens in its own view, loaded when first opened.
const OutboxMessageDialog = lazy(() => import('./OutboxMessageDialog.tsx'));

const FILTERS: Array<{ value: OutboxStatus | 'all'; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Waiting' },
  { value: 'sending', label: 'Sending' },
  { value: 'sent', label: 'Sent' },
  { value: 'dead', label: 'Failed' },
  { value: 'superseded', label: 'Superseded' },
];

const TONES: Record<OutboxStatus, BadgeTone> = {
  pending: 'warning',
  sending: 'info',
  sent: 'success',
  dead: 'destructive',
  superseded: 'secondary',
};
const LABELS: Record<OutboxStatus, string> = {
  pending: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  dead: 'Failed',
  // Dropped unsent: what it asked or announced passed before it left (docs/decisions/0452).
  superseded: 'Superseded',
};
const PER_PAGE = 25;

/**
 * What the product sent or is waiting to send (emails and SMS), for administrators: why a message
 * failed, a retry for dead ones, and "Deliver now" instead of waiting for the next scheduled run.
 */
export default function OutboxPanel() {
  const [filter, setFilter] = useState<OutboxStatus | 'all'>('all');
  const [busy, setBusy] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const listQuery = { per_page: PER_PAGE, status: filter === 'all' ? undefined : filter, q: q || undefined };
  const outbox = useRoute(ROUTES.adminOutbox, { query: listQuery }, { keepPrevious: true });
  const state = outbox.state;
  const reload = () => void outbox.reload();
  // Cursor paging with "Load more" (docs/decisions/0201): rows added meanwhile never shift a page.
  const firstPage = state.status === 'ready' ? state.data : null;
  const pages = useMorePages(
    firstPage,
    firstPage && { items: firstPage.data, nextCursor: firstPage.nextCursor ?? null },
    async (cursor) => {
      const page = await call(ROUTES.adminOutbox, { query: { ...listQuery, cursor } });
      return { items: page.data, nextCursor: page.nextCursor ?? null };
    },
  );

  const toastError = (message: string) => toast.error(message);
  const deliver = useWrite(ROUTES.adminOutboxDeliver, {
    fallback: 'Delivery run failed',
    reason: detailOr,
    onError: toastError,
    onSuccess: ({ data }) => {
      const waiting = data.waitingForProvider.length
        ? ` No provider configured for: ${data.waitingForProvider.join(', ')}.`
        : '';
      const dropped = data.superseded ? `, ${data.superseded} superseded` : '';
      toast.success(
        `Delivery run: ${data.sent} sent, ${data.retrying} to retry, ${data.dead} failed${dropped}.${waiting}`,
      );
      reload();
    },
  });
  const retryWrite = useWrite(ROUTES.adminOutboxRetry, {
    fallback: 'Failed to retry message',
    reason: detailOr,
    onError: toastError,
    onSuccess: () => {
      toast.success('Message queued for another delivery attempt');
      reload();
    },
  });

  const deliverNow = async () => {
    setBusy('deliver');
    await deliver.run({ body: {} });
    setBusy(null);
  };

  const retry = async (id: string) => {
    setBusy(id);
    await retryWrite.run({ params: { id }, body: {} });
    setBusy(null);
  };

  const counts = state.status === 'ready' ? state.data.counts : undefined;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label="Filter messages by status" className="flex flex-wrap gap-2">
          {FILTERS.map((f) => (
            <Button
              key={f.value}
              size="sm"
              variant={filter === f.value ? 'brand' : 'outline'}
              aria-pressed={filter === f.value}
              onClick={() => setFilter(f.value)}
            >
              {f.label}
              {counts && f.value !== 'all' ? ` (${counts[f.value]})` : ''}
            </Button>
          ))}
        </div>
        <div className="flex gap-2">
          <Button size="sm" variant="outline" onClick={reload}>
            <RefreshCw className="h-4 w-4" aria-hidden="true" /> Refresh
          </Button>
          <Button size="sm" onClick={() => void deliverNow()} disabled={busy === 'deliver'}>
            <Send className="h-4 w-4" aria-hidden="true" /> {busy === 'deliver' ? 'Delivering...' : 'Deliver now'}
          </Button>
        </div>
      </div>

      <div className="relative max-w-md">
        <Label htmlFor="outbox-search" className="sr-only">
          Search recipient or subject
        </Label>
        <Search
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id="outbox-search"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Search recipient or subject"
          className="pl-9"
          maxLength={OUTBOX_SEARCH_MAX}
        />
      </div>
      {state.status === 'ready' && state.data.delivery && (
        <DeliveryNotice delivery={state.data.delivery} waiting={state.data.counts.pending} />
      )}
      {state.status === 'loading' && <Loading label="Loading messages..." />}
      {state.status === 'error' && <LoadError message="Failed to load the outbox" onRetry={reload} />}
      {state.status === 'ready' && state.data.data.length === 0 && (
        <p className="py-10 text-center text-muted-foreground">
          {q ? `No messages match "${q}".` : `No messages${filter === 'all' ? ' yet' : ' with this status'}.`}
        </p>
      )}
      {state.status === 'ready' && pages.items.length > 0 && (
        <ul className="space-y-3" aria-label="Messages">
          {pages.items.map((m) => (
            <li key={m.id}>
              <Card>
                <CardContent className="flex flex-col gap-2 pt-4 sm:flex-row sm:items-start sm:justify-between sm:pt-4">
                  <div className="min-w-0 space-y-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge tone={TONES[m.status]}>{LABELS[m.status]}</Badge>
                      <span className="text-xs uppercase text-muted-foreground">{m.channel}</span>
                      <span className="text-xs text-muted-foreground">{m.kindLabel ?? outboxKindLabel(m.kind)}</span>
                    </div>
                    <p className="break-words font-medium">
                      <button
                        type="button"
                        className="text-left underline-offset-2 hover:text-accent hover:underline"
                        onClick={() => setOpen(m.id)}
                        aria-label={`Open message: ${m.subject ?? `text message to ${m.toAddress}`}`}
                      >
                        {m.subject ?? '(SMS)'}
                      </button>
                    </p>
                    <p className="break-all text-sm text-muted-foreground">To {m.toAddress}</p>
                    <p className="text-xs text-muted-foreground">
                      Queued {formatDateTime(m.createdAt)} · {m.attempts} attempt{m.attempts === 1 ? '' : 's'}
                      {m.sentAt ? ` · sent ${formatDateTime(m.sentAt)}` : ''}
                      {m.status === 'pending' && m.attempts > 0 ? ` · next try ${formatDateTime(m.nextAttemptAt)}` : ''}
                    </p>
                    {m.lastError && <p className="text-sm text-destructive">{m.lastError}</p>}
                  </div>
                  {m.status === 'dead' && (
                    <Button size="sm" variant="outline" disabled={busy === m.id} onClick={() => void retry(m.id)}>
                      Retry
                    </Button>
                  )}
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {state.status === 'ready' && (
        <MoreButton
          cursor={pages.cursor}
          loading={pages.loading}
          onMore={() => void pages.more()}
          label="Load more messages"
        />
      )}
      {open && (
        <Suspense fallback={null}>
          <OutboxMessageDialog id={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </div>
  );
}

/** Says plainly whether messages can leave, and why not. */
function DeliveryNotice({ delivery, waiting }: { delivery: OutboxDelivery; waiting: number }) {
  const lines: string[] = [];
  if (delivery.email === 'none') {
    lines.push(
      `Emails cannot be sent: no email provider is configured. ${waiting ? `${waiting} waiting message${waiting === 1 ? '' : 's'} will stay here` : 'New emails will wait here'} until an administrator adds an SMTP or Mailchimp key in System Config → API Keys (active and primary).`,
    );
  }
  if (delivery.sms === 'none')
    lines.push('Text messages cannot be sent: no Twilio key is configured (System Config → API Keys).');
  return (
    <div
      role="status"
      className={`rounded-md border px-4 py-3 text-sm ${delivery.email === 'none' ? 'border-warning/40 bg-warning-muted text-warning' : 'border-border bg-muted text-foreground'}`}
      data-delivery-notice
    >
      {delivery.email === 'local-catcher' && (
        <p>
          No email provider is configured: emails go to the local mail catcher{' '}
          {delivery.catcherUrl ? (
            <a className="font-medium underline" href={delivery.catcherUrl} target="_blank" rel="noopener noreferrer">
              {delivery.catcherUrl}
            </a>
          ) : null}{' '}
          (this machine only; nothing reaches real inboxes).
        </p>
      )}
      {(delivery.email === 'smtp' || delivery.email === 'mailchimp') && (
        <p>
          Emails are sent through {delivery.email === 'smtp' ? 'the primary SMTP key' : 'the primary Mailchimp key'}.
        </p>
      )}
      {lines.map((l) => (
        <p key={l}>{l}</p>
      ))}
    </div>
  );
}
