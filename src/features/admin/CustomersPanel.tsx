import { Search } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/field.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import { CUSTOMERS_PAGE } from '../../contract/customers.ts';
import { statusInfo } from '../../contract/status.ts';
import { ROUTES } from '../../contract/routes/admin.ts';
import { call } from '../../lib/api-client.ts';
import { useRoute } from '../../lib/use-query.ts';
import { MoreButton } from '../../components/ui/more-button.tsx';
import { useMorePages } from '../../lib/use-more-pages.ts';
import { formatDate } from '../../lib/format.ts';
import { LoadError } from '../../components/ui/load-error.tsx';
import { useDebounced } from '../../lib/use-debounced.ts';

// The detail view loads only when a customer is opened.
const CustomerDetailDialog = lazy(() => import('./CustomerDetailDialog.tsx'));

/**
 * Customers: pilot accounts with their aircraft and service requests; searchable, cursor-paged
 * with "Load more" (docs/decisions/0201), each one opened in a detail view.
 */
export default function CustomersPanel() {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const q = useDebounced(query.trim(), 300);
  const listQuery = { per_page: CUSTOMERS_PAGE.defaultPerPage, q: q || undefined };
  const customers = useRoute(ROUTES.adminCustomers, { query: listQuery }, { keepPrevious: true });
  const state = customers.state;
  const firstPage = state.status === 'ready' ? state.data : null;
  const pages = useMorePages(
    firstPage,
    firstPage && { items: firstPage.data, nextCursor: firstPage.nextCursor ?? null },
    async (cursor) => {
      const page = await call(ROUTES.adminCustomers, { query: { ...listQuery, cursor } });
      return { items: page.data, nextCursor: page.nextCursor ?? null };
    },
  );
  const rows = pages.items;

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="relative sm:w-80">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Search name, email or location"
            aria-label="Search customers"
            className="pl-9"
            maxLength={CUSTOMERS_PAGE.maxQuery}
          />
        </div>
        {state.status === 'ready' && (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {state.data.pagination.total} customer{state.data.pagination.total === 1 ? '' : 's'}
          </p>
        )}
      </div>
      {state.status === 'loading' && <Loading label="Loading customers..." />}
      {state.status === 'error' && (
        <LoadError message="Failed to load customers" onRetry={() => void customers.reload()} />
      )}
      {state.status === 'ready' && state.data.data.length === 0 && (
        <Card>
          <CardContent className="py-10 text-center text-sm text-muted-foreground">
            {q ? `No customer matches “${q}”.` : 'No pilot has signed up yet.'}
          </CardContent>
        </Card>
      )}
      {state.status === 'ready' && rows.length > 0 && (
        <>
          {/* Phones: one card per customer; from 768 px, the table. */}
          <ul className="space-y-2 md:hidden" aria-label="Pilot accounts">
            {rows.map((c) => (
              <li
                key={c.id}
                data-testid="customer-row"
                className="rounded-lg border border-border bg-background p-3 text-sm"
              >
                <button
                  type="button"
                  className="font-medium text-accent underline-offset-2 hover:underline"
                  onClick={() => setOpen(c.id)}
                >
                  {c.name}
                </button>
                <a href={`mailto:${c.email}`} className="block break-all text-accent hover:underline">
                  {c.email}
                </a>
                {c.phone && <p>{c.phone}</p>}
                <p className="text-muted-foreground">
                  {c.location ?? 'No location'} · Joined {formatDate(c.joinedAt)}
                </p>
                <p>
                  {c.aircraftCount} aircraft · {c.requestsCount === 0 ? 'No requests' : `${c.requestsCount} requests`}
                </p>
                {c.requestsCount > 0 && (
                  <div className="mt-1 flex flex-wrap gap-1">
                    {Object.entries(c.requestStatuses).map(([status, n]) => {
                      const info = statusInfo(status);
                      return (
                        <Badge key={status} tone={info.tone}>
                          {info.label} {n}
                        </Badge>
                      );
                    })}
                  </div>
                )}
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-lg border border-border bg-background md:block">
            <table className="w-full min-w-[48rem] text-left text-sm">
              <caption className="sr-only">Pilot accounts</caption>
              <thead className="border-b border-border bg-muted text-xs uppercase tracking-wide text-muted-foreground">
                <tr>
                  <th scope="col" className="p-3">
                    Name
                  </th>
                  <th scope="col" className="p-3">
                    Email
                  </th>
                  <th scope="col" className="p-3">
                    Location
                  </th>
                  <th scope="col" className="p-3">
                    Joined
                  </th>
                  <th scope="col" className="p-3 text-right">
                    Aircraft
                  </th>
                  <th scope="col" className="p-3">
                    Requests
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {rows.map((c) => (
                  <tr key={c.id} data-testid="customer-row">
                    <td className="p-3 font-medium">
                      <button
                        type="button"
                        className="text-left font-medium text-accent underline-offset-2 hover:underline"
                        onClick={() => setOpen(c.id)}
                      >
                        {c.name}
                      </button>
                      {c.phone && <p className="text-xs font-normal text-muted-foreground">{c.phone}</p>}
                    </td>
                    <td className="p-3">
                      <a href={`mailto:${c.email}`} className="text-accent hover:underline">
                        {c.email}
                      </a>
                    </td>
                    <td className="p-3">{c.location ?? '—'}</td>
                    <td className="p-3 whitespace-nowrap">{formatDate(c.joinedAt)}</td>
                    <td className="p-3 text-right tabular-nums">{c.aircraftCount}</td>
                    <td className="p-3">
                      {c.requestsCount === 0 ? (
                        <span className="text-muted-foreground">None</span>
                      ) : (
                        <div className="flex flex-wrap items-center gap-1">
                          <span className="mr-1 tabular-nums">{c.requestsCount}</span>
                          {Object.entries(c.requestStatuses).map(([status, n]) => {
                            const info = statusInfo(status);
                            return (
                              <Badge key={status} tone={info.tone}>
                                {info.label} {n}
                              </Badge>
                            );
                          })}
                        </div>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <MoreButton
            cursor={pages.cursor}
            loading={pages.loading}
            onMore={() => void pages.more()}
            label="Load more customers"
          />
        </>
      )}
      {open && (
        <Suspense fallback={null}>
          <CustomerDetailDialog id={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </div>
  );
}
