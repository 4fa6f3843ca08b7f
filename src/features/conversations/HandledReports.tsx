import { useState } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { PageNav } from '../../components/ui/page-nav.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import { REPORT_RESOLUTION_LABELS } from '../../contract/conversations.ts';
import { ROUTES } from '../../contract/routes/conversations.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useRoute } from '../../lib/use-query.ts';

/**
 * The reports administrators handled, newest first, a page at a time: what was reported, by whom,
 * and how it was handled, when and by which administrator (docs/decisions/0403-handled-reports.md).
 */
export function HandledReports() {
  const [page, setPage] = useState(1);
  const list = useRoute(ROUTES.adminHandledReports, { query: { page } }, { keepPrevious: true });
  const data = list.data;
  return (
    <section aria-labelledby="handled-heading" className="space-y-3">
      <h2 id="handled-heading" className="text-xl font-semibold">
        Handled reports
      </h2>
      {list.state.status === 'error' && (
        <LoadError message="Failed to load the handled reports" onRetry={() => void list.reload()} />
      )}
      {!data && list.state.status === 'loading' && <Loading />}
      {data && data.items.length === 0 && <p className="text-sm text-muted-foreground">No report handled yet.</p>}
      {data && data.items.length > 0 && (
        <ul className="space-y-2" aria-label="Handled reports">
          {data.items.map((r) => (
            <li key={r.id} className="space-y-1 rounded-md border border-border p-3 text-sm">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{r.subject}</span>
                <Badge tone={r.resolution === 'dismissed' ? 'secondary' : 'warning'}>
                  {r.resolution ? REPORT_RESOLUTION_LABELS[r.resolution] : 'Handled'}
                </Badge>
              </p>
              <p>
                Reported by {r.reporter}, <time dateTime={r.reportedAt}>{formatDateTime(r.reportedAt)}</time>: “
                {r.reason}”
              </p>
              <p className="text-muted-foreground">
                Handled {r.resolvedBy ? `by ${r.resolvedBy}, ` : ''}
                <time dateTime={r.resolvedAt}>{formatDateTime(r.resolvedAt)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
      {data && <PageNav label="Handled reports" page={page} hasMore={data.hasMore} onPage={setPage} />}
    </section>
  );
}
