import { useStore } from '@nanostores/react';
import { BarChart3, ChevronLeft, ChevronRight, Download, Inbox, Search, SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Input, Label, NativeSelect } from '../../components/ui/field.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import {
  INBOX_LIMITS,
  INBOX_SORTS,
  INBOX_SOURCES,
  INBOX_STATUSES,
  type InboxKind,
  type InboxSort,
} from '../../contract/inbox.ts';
import { AIRCRAFT_TYPES, QUOTE_SERVICE_TYPES } from '../../contract/quote-fields.ts';
import { pathOf } from '../../contract/routes/route.ts';
import { ROUTES } from '../../contract/routes/inbox.ts';
import { useRoute } from '../../lib/use-query.ts';
import { $token } from '../../lib/session.ts';
import { LoadError } from '../../components/ui/load-error.tsx';
import { downloadText } from '../marketing/download.ts';
import { inboxCsvFilename } from './inbox-csv.ts';
import { InboxList } from './InboxList.tsx';
import { $inboxPreset } from './inbox-store.ts';
import { CONSOLE_PARAMS } from '../../contract/console-address.ts';
import { paramOf, replaceParam } from '../../lib/history-entries.ts';

import { useDebounced } from '../../lib/use-debounced.ts';

const InboxDetailDialog = lazy(() => import('./InboxDetailDialog.tsx'));
const FunnelChart = lazy(() => import('./FunnelChart.tsx'));

const any = (label: string) => ({ value: '', label });

interface Filters {
  status: string;
  serviceType: string;
  aircraftType: string;
  source: string;
  from: string;
  to: string;
  sort: InboxSort;
  overdue: boolean;
}
const NO_FILTERS: Filters = {
  status: '',
  serviceType: '',
  aircraftType: '',
  source: '',
  from: '',
  to: '',
  sort: 'respondBy',
  overdue: false,
};

/**
 * The business's inbox (docs/decisions/0210-business-inbox.md): quote requests or leads, 50 a page
 * with the total, searched and filtered, respond-by first; a table on wide screens, cards on a
 * phone; the filtered list as CSV; each request opens to be worked; and the funnel.
 */
export default function InboxPanel() {
  const preset = useStore($inboxPreset);
  // The list and the open request are part of the address (docs/decisions/0421-console-addresses.md):
  // a reload opens the same request; Back closes its dialog (the dialog's own history entry).
  const [kind, setKindState] = useState<InboxKind>(() =>
    paramOf(CONSOLE_PARAMS.inboxList) === 'leads' ? 'leads' : 'quotes',
  );
  const [openId, setOpenId] = useState<string | null>(() => paramOf(CONSOLE_PARAMS.inboxOpen));
  const setKind = (next: InboxKind) => {
    setKindState(next);
    replaceParam(CONSOLE_PARAMS.inboxList, next === 'leads' ? next : null);
  };
  const [view, setView] = useState<'list' | 'funnel'>('list');
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [filtersShown, setFiltersShown] = useState(false);
  /** Filters set away from their default: said on the phone's closed "Filters and sort" button. */
  const activeFilters = (Object.keys(NO_FILTERS) as (keyof Filters)[]).filter(
    (k) => filters[k] !== NO_FILTERS[k],
  ).length;
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const q = useDebounced(search.trim(), 300);

  // The dashboard's "Overdue" / "Waiting for a reply" cards open the list filtered.
  useEffect(() => {
    if (!preset) return;
    setKind('quotes');
    setView('list');
    setFilters({ ...NO_FILTERS, status: 'new', overdue: preset === 'overdue' });
    setPage(1);
    $inboxPreset.set(null);
  }, [preset]);
  useEffect(() => setPage(1), [q, filters, kind]);

  const query = {
    page,
    limit: INBOX_LIMITS.pageSize,
    q: q || undefined,
    status: filters.status || undefined,
    serviceType: kind === 'quotes' ? filters.serviceType || undefined : undefined,
    aircraftType: kind === 'quotes' ? filters.aircraftType || undefined : undefined,
    source: filters.source || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    sort: filters.sort,
    overdue: filters.overdue ? 1 : undefined,
  };
  const list = useRoute(
    kind === 'quotes' ? ROUTES.adminInboxQuotes : ROUTES.adminInboxLeads,
    { query },
    { keepPrevious: true },
  );
  const state = list.state;
  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));
  const pages = state.status === 'ready' ? Math.max(1, Math.ceil(state.data.total / INBOX_LIMITS.pageSize)) : 1;

  async function exportCsv() {
    setExporting(true);
    try {
      const { page: _page, limit: _limit, ...filtersOnly } = query;
      const res = await fetch(pathOf(ROUTES.adminInboxExport, { query: { ...filtersOnly, kind } }), {
        headers: { Authorization: `Bearer ${$token.get() ?? ''}` },
      });
      if (!res.ok)
        throw new Error(((await res.json().catch(() => ({}))) as { detail?: string }).detail ?? 'Export failed');
      downloadText(inboxCsvFilename(kind), await res.text());
      if (res.headers.get('x-export-truncated') === '1')
        toast.warning(`Only the first ${INBOX_LIMITS.exportMaxRows.toLocaleString('en-US')} rows were exported`);
    } catch (error) {
      toast.error('Failed to export the list', { description: error instanceof Error ? error.message : undefined });
    } finally {
      setExporting(false);
    }
  }

  return (
    <section aria-labelledby="inbox-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="inbox-heading" className="flex items-center gap-2 text-lg font-semibold">
          <Inbox className="h-5 w-5" aria-hidden="true" />
          Inbox
        </h2>
        <div className="flex flex-wrap gap-2" role="group" aria-label="What to show">
          {(
            [
              ['quotes', 'Quote requests'],
              ['leads', 'Leads'],
            ] as const
          ).map(([value, label]) => (
            <Button
              key={value}
              size="sm"
              variant={view === 'list' && kind === value ? 'default' : 'outline'}
              aria-pressed={view === 'list' && kind === value}
              onClick={() => {
                setView('list');
                setKind(value);
              }}
            >
              {label}
            </Button>
          ))}
          <Button
            size="sm"
            variant={view === 'funnel' ? 'default' : 'outline'}
            aria-pressed={view === 'funnel'}
            onClick={() => setView('funnel')}
          >
            <BarChart3 className="h-4 w-4" aria-hidden="true" />
            Funnel
          </Button>
        </div>
      </div>

      {view === 'funnel' ? (
        <Suspense fallback={<Loading />}>
          <FunnelChart />
        </Suspense>
      ) : (
        <>
          <div className="grid gap-3 rounded-lg border border-border bg-background p-3 sm:grid-cols-2 lg:grid-cols-4">
            <div className="relative self-end sm:col-span-2">
              <Label htmlFor="inbox-search" className="sr-only">
                Search
              </Label>
              <Search
                className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
              <Input
                id="inbox-search"
                type="search"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                placeholder={
                  kind === 'quotes' ? 'Search name, email, phone, registration, message' : 'Search name, email, phone'
                }
                className="pl-9"
                maxLength={INBOX_LIMITS.maxQuery}
              />
            </div>
            {/* On a phone the seven filters filled the first screen: the list comes first, the
                filters open on demand (always shown from the sm breakpoint up). */}
            <Button
              size="sm"
              variant="outline"
              className="justify-self-start sm:hidden"
              aria-expanded={filtersShown}
              aria-controls="inbox-filters"
              onClick={() => setFiltersShown((v) => !v)}
            >
              <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
              {filtersShown ? 'Hide filters' : `Filters and sort${activeFilters ? ` (${activeFilters})` : ''}`}
            </Button>
            <div id="inbox-filters" className={filtersShown ? 'contents' : 'hidden sm:contents'}>
              <Filter
                id="inbox-status"
                label="Status"
                value={filters.status}
                onChange={(v) => set({ status: v })}
                options={[any('Any status'), ...INBOX_STATUSES]}
              />
              <Filter
                id="inbox-sort"
                label="Sort"
                value={filters.sort}
                onChange={(v) => set({ sort: v as InboxSort })}
                options={INBOX_SORTS}
              />
              {kind === 'quotes' && (
                <>
                  <Filter
                    id="inbox-service"
                    label="Service"
                    value={filters.serviceType}
                    onChange={(v) => set({ serviceType: v })}
                    options={[any('Any service'), ...QUOTE_SERVICE_TYPES]}
                  />
                  <Filter
                    id="inbox-aircraft"
                    label="Aircraft type"
                    value={filters.aircraftType}
                    onChange={(v) => set({ aircraftType: v })}
                    options={[any('Any aircraft'), ...AIRCRAFT_TYPES]}
                  />
                </>
              )}
              <Filter
                id="inbox-source"
                label="Source"
                value={filters.source}
                onChange={(v) => set({ source: v })}
                options={[any('Any source'), ...INBOX_SOURCES]}
              />
              <div className="grid grid-cols-2 gap-2">
                <div>
                  <Label htmlFor="inbox-from" className="text-xs">
                    From
                  </Label>
                  <Input
                    id="inbox-from"
                    type="date"
                    value={filters.from}
                    onChange={(e) => set({ from: e.target.value })}
                  />
                </div>
                <div>
                  <Label htmlFor="inbox-to" className="text-xs">
                    To
                  </Label>
                  <Input id="inbox-to" type="date" value={filters.to} onChange={(e) => set({ to: e.target.value })} />
                </div>
              </div>
              <div className="flex flex-wrap items-center gap-2 sm:col-span-2 lg:col-span-4">
                {kind === 'quotes' && (
                  <label className="inline-flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="h-4 w-4"
                      checked={filters.overdue}
                      onChange={(e) => set({ overdue: e.target.checked })}
                    />
                    Overdue only
                  </label>
                )}
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => {
                    setFilters(NO_FILTERS);
                    setSearch('');
                  }}
                >
                  Clear filters
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  className="ml-auto"
                  onClick={() => void exportCsv()}
                  disabled={exporting}
                >
                  <Download className="h-4 w-4" aria-hidden="true" />
                  {exporting ? 'Exporting...' : 'Export CSV'}
                </Button>
              </div>
            </div>
          </div>

          {state.status === 'loading' && <Loading label="Loading the inbox..." />}
          {state.status === 'error' && (
            <LoadError
              message={kind === 'quotes' ? 'Failed to load quote requests' : 'Failed to load leads'}
              onRetry={() => void list.reload()}
            />
          )}
          {state.status === 'ready' && (
            <>
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {state.data.total.toLocaleString('en-US')} {kind === 'quotes' ? 'quote request' : 'lead'}
                {state.data.total === 1 ? '' : 's'}
                {state.data.total > 0 && ` · page ${page} of ${pages}`}
              </p>
              <InboxList kind={kind} items={state.data.items} onOpen={setOpenId} busy={list.revalidating} />
              {pages > 1 && (
                <nav className="flex items-center justify-center gap-3" aria-label="Pages">
                  <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                    <ChevronLeft className="h-4 w-4" aria-hidden="true" />
                    Previous
                  </Button>
                  <span className="text-sm tabular-nums">
                    {page} / {pages}
                  </span>
                  <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                    Next
                    <ChevronRight className="h-4 w-4" aria-hidden="true" />
                  </Button>
                </nav>
              )}
            </>
          )}
        </>
      )}
      {openId && (
        <Suspense fallback={null}>
          <InboxDetailDialog
            kind={kind}
            id={openId}
            onClose={() => setOpenId(null)}
            onOpenOther={setOpenId}
            onOpenQuote={(quoteId) => {
              setKind('quotes');
              setOpenId(quoteId);
            }}
            onChanged={() => void list.reload()}
          />
        </Suspense>
      )}
    </section>
  );
}

function Filter({
  id,
  label,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <div>
      <Label htmlFor={id} className="text-xs">
        {label}
      </Label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)} options={options} />
    </div>
  );
}
