import { ChevronLeft, ChevronRight, RefreshCw, Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Badge, type BadgeTone } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import { api, ApiError } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { LoadError } from '../admin/LoadError.tsx';
import type { OutboxPage, OutboxStatus } from '../../contract/outbox.ts';

const FILTERS: Array<{ value: OutboxStatus | 'all'; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Waiting' },
  { value: 'sending', label: 'Sending' },
  { value: 'sent', label: 'Sent' },
  { value: 'dead', label: 'Failed' },
];

const TONES: Record<OutboxStatus, BadgeTone> = { pending: 'warning', sending: 'info', sent: 'success', dead: 'destructive' };
const LABELS: Record<OutboxStatus, string> = { pending: 'Waiting', sending: 'Sending', sent: 'Sent', dead: 'Failed' };
const PER_PAGE = 25;

/**
 * What the product sent or is waiting to send (emails and SMS), for administrators: why a message
 * failed, a retry for dead ones, and "Deliver now" instead of waiting for the next scheduled run.
 */
export default function OutboxPanel() {
  const [filter, setFilter] = useState<OutboxStatus | 'all'>('all');
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);
  const [state, setState] = useState<{ status: 'loading' } | { status: 'error' } | { status: 'ready'; result: OutboxPage }>({
    status: 'loading',
  });

  useEffect(() => {
    const controller = new AbortController();
    const params = new URLSearchParams({ page: String(page), per_page: String(PER_PAGE) });
    if (filter !== 'all') params.set('status', filter);
    api<OutboxPage & { success: boolean }>(`/admin/outbox?${params}`, { signal: controller.signal })
      .then((result) => setState({ status: 'ready', result }))
      .catch(() => !controller.signal.aborted && setState({ status: 'error' }));
    return () => controller.abort();
  }, [filter, page, version]);

  const deliverNow = async () => {
    setBusy('deliver');
    try {
      const { data } = await api<{ data: { sent: number; retrying: number; dead: number; waitingForProvider: string[] } }>('/admin/outbox/deliver', { method: 'POST', body: {} });
      const waiting = data.waitingForProvider.length ? ` No provider configured for: ${data.waitingForProvider.join(', ')}.` : '';
      toast.success(`Delivery run: ${data.sent} sent, ${data.retrying} to retry, ${data.dead} failed.${waiting}`);
      setVersion((v) => v + 1);
    } catch (error) {
      toast.error(error instanceof ApiError && error.detail ? error.detail : 'Delivery run failed');
    } finally {
      setBusy(null);
    }
  };

  const retry = async (id: string) => {
    setBusy(id);
    try {
      await api(`/admin/outbox/${id}/retry`, { method: 'POST', body: {} });
      toast.success('Message queued for another delivery attempt');
      setVersion((v) => v + 1);
    } catch (error) {
      toast.error(error instanceof ApiError && error.detail ? error.detail : 'Failed to retry message');
    } finally {
      setBusy(null);
    }
  };

  const counts = state.status === 'ready' ? state.result.counts : undefined;
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
              onClick={() => {
                setFilter(f.value);
                setPage(1);
              }}
            >
              {f.label}
              {counts && f.value !== 'all' ? ` (${counts[f.value]})` : ''}
            </Button>
          ))}
        </div>
        <div className="flex gap-2">
          <Button size="sm" variant="outline" onClick={() => setVersion((v) => v + 1)}>
            <RefreshCw className="h-4 w-4" aria-hidden="true" /> Refresh
          </Button>
          <Button size="sm" onClick={() => void deliverNow()} disabled={busy === 'deliver'}>
            <Send className="h-4 w-4" aria-hidden="true" /> {busy === 'deliver' ? 'Delivering...' : 'Deliver now'}
          </Button>
        </div>
      </div>

      {state.status === 'loading' && <Loading label="Loading messages..." />}
      {state.status === 'error' && <LoadError message="Failed to load the outbox" onRetry={() => setVersion((v) => v + 1)} />}
      {state.status === 'ready' && state.result.data.length === 0 && (
        <p className="py-10 text-center text-muted-foreground">No messages{filter === 'all' ? ' yet' : ' with this status'}.</p>
      )}
      {state.status === 'ready' && state.result.data.length > 0 && (
        <ul className="space-y-3" aria-label="Messages">
          {state.result.data.map((m) => (
            <li key={m.id}>
              <Card>
                <CardContent className="flex flex-col gap-2 pt-4 sm:flex-row sm:items-start sm:justify-between sm:pt-4">
                  <div className="min-w-0 space-y-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge tone={TONES[m.status]}>{LABELS[m.status]}</Badge>
                      <span className="text-xs uppercase text-muted-foreground">{m.channel}</span>
                      <span className="text-xs text-muted-foreground">{m.kind}</span>
                    </div>
                    <p className="break-words font-medium">{m.subject ?? '(SMS)'}</p>
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
      {state.status === 'ready' && state.result.pagination.pages > 1 && (
        <nav aria-label="Outbox pages" className="flex items-center justify-center gap-3">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            <ChevronLeft className="h-4 w-4" aria-hidden="true" /> Previous
          </Button>
          <span className="text-sm">
            Page {page} of {state.result.pagination.pages}
          </span>
          <Button size="sm" variant="outline" disabled={page >= state.result.pagination.pages} onClick={() => setPage((p) => p + 1)}>
            Next <ChevronRight className="h-4 w-4" aria-hidden="true" />
          </Button>
        </nav>
      )}
    </div>
  );
}
