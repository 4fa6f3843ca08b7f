import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/field.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import { CUSTOMERS_PAGE } from '../../contract/customers.ts';
import { statusInfo } from '../../contract/status.ts';
import { ROUTES } from '../../contract/routes.ts';
import { useRoute } from '../../lib/use-query.ts';
import { formatDate } from '../../lib/format.ts';
import { LoadError } from '../../components/ui/load-error.tsx';

/** Waits for typing to pause before searching, so each keystroke is not a request. */
function useDebounced<T>(value: T, ms: number): T {
  const [current, setCurrent] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setCurrent(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return current;
}

/** Customers: pilot accounts with their aircraft and service requests; searchable and paginated. */
export default function CustomersPanel() {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebounced(query.trim(), 300);
  useEffect(() => setPage(1), [q]);
  const customers = useRoute(
    ROUTES.adminCustomers,
    { query: { page, per_page: CUSTOMERS_PAGE.defaultPerPage, q: q || undefined } },
    { keepPrevious: true },
  );
  const state = customers.state;

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
      {state.status === 'ready' && state.data.data.length > 0 && (
        <>
          {/* Phones: one card per customer (issue 28); from 768 px, the table. */}
          <ul className="space-y-2 md:hidden" aria-label="Pilot accounts">
            {state.data.data.map((c) => (
              <li
                key={c.id}
                data-testid="customer-row"
                className="rounded-lg border border-border bg-background p-3 text-sm"
              >
                <p className="font-medium">{c.name}</p>
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
                {state.data.data.map((c) => (
                  <tr key={c.id} data-testid="customer-row">
                    <td className="p-3 font-medium">
                      {c.name}
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
          {state.data.pagination.pages > 1 && (
            <nav className="flex items-center justify-between gap-2" aria-label="Customer pages">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                <ChevronLeft className="h-4 w-4" aria-hidden="true" />
                Previous
              </Button>
              <span className="text-sm text-muted-foreground">
                Page {state.data.pagination.page} of {state.data.pagination.pages}
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={page >= state.data.pagination.pages}
                onClick={() => setPage((p) => p + 1)}
              >
                Next
                <ChevronRight className="h-4 w-4" aria-hidden="true" />
              </Button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
