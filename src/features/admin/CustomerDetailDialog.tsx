import { Badge } from '../../components/ui/badge.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import type { CustomerDetail } from '../../contract/customers.ts';
import { MARKETPLACE_SERVICE_TYPES } from '../../contract/marketplace.ts';
import { labelOf } from '../../contract/options.ts';
import { QUOTE_SERVICE_TYPES } from '../../contract/quote-fields.ts';
import { ROUTES } from '../../contract/routes/admin.ts';
import { statusInfo } from '../../contract/status.ts';
import { formatCurrency, formatDate, titleCase } from '../../lib/format.ts';
import { useRoute } from '../../lib/use-query.ts';
import { LoadError } from '../../components/ui/load-error.tsx';

function Section({
  title,
  count,
  shown,
  empty,
  children,
}: {
  title: string;
  count: number;
  shown: number;
  empty: string;
  children: React.ReactNode;
}) {
  const id = `customer-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="space-y-2" data-testid={id}>
      <h3 id={id} className="text-sm font-semibold">
        {title} ({count})
      </h3>
      {count === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="divide-y divide-border rounded-md border border-border text-sm">{children}</ul>
      )}
      {count > shown && (
        <p className="text-xs text-muted-foreground">
          The newest {shown} of {count}.
        </p>
      )}
    </section>
  );
}

const Status = ({ status }: { status: string }) => {
  const info = statusInfo(status);
  return <Badge tone={info.tone}>{info.label}</Badge>;
};

function Body({ d }: { d: CustomerDetail }) {
  const c = d.customer;
  return (
    <div className="space-y-5">
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">Email</dt>
        <dd className="break-all">
          <a className="text-accent hover:underline" href={`mailto:${c.email}`}>
            {c.email}
          </a>
        </dd>
        <dt className="text-muted-foreground">Phone</dt>
        <dd>{c.phone ?? '—'}</dd>
        <dt className="text-muted-foreground">Location</dt>
        <dd>{c.location ?? '—'}</dd>
        <dt className="text-muted-foreground">Joined</dt>
        <dd>{formatDate(c.joinedAt)}</dd>
      </dl>
      <Section
        title="Service requests"
        count={d.counts.requests}
        shown={d.requests.length}
        empty="No service request yet."
      >
        {d.requests.map((r) => (
          <li key={r.id} className="space-y-1 p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium">{labelOf(MARKETPLACE_SERVICE_TYPES, r.serviceType)}</span>
              <Status status={r.status} />
            </div>
            <p>
              {r.aircraftTailNumber} · {r.aircraftMake} {r.aircraftModel} · {r.serviceLocation}
            </p>
            <p className="text-muted-foreground">
              {formatDate(r.createdAt)} ·{' '}
              {r.bidsCount === 0
                ? 'No quote from a mechanic yet'
                : `${r.bidsCount} quote${r.bidsCount === 1 ? '' : 's'} from mechanics`}
              {r.acceptedTotal !== null ? ` · accepted ${formatCurrency(r.acceptedTotal)}` : ''}
            </p>
          </li>
        ))}
      </Section>
      <Section title="Aircraft" count={d.counts.aircraft} shown={d.aircraft.length} empty="No aircraft registered.">
        {d.aircraft.map((a) => (
          <li key={a.id} className="p-3">
            <span className="font-medium">{a.tailNumber}</span> · {a.year ? `${a.year} ` : ''}
            {a.make} {a.model}
            {a.homeAirport ? ` · based at ${a.homeAirport}` : ''}
          </li>
        ))}
      </Section>
      <Section
        title="Quote requests from the website"
        count={d.counts.quotes}
        shown={d.quotes.length}
        empty="No quote request sent from this email."
      >
        {d.quotes.map((q) => (
          <li key={q.id} className="space-y-1 p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium">{labelOf(QUOTE_SERVICE_TYPES, q.serviceType)}</span>
              <Status status={q.status} />
            </div>
            <p className="text-muted-foreground">
              {q.aircraftMake} {q.aircraftModel} · {formatDate(q.createdAt)}
              {q.discountCode ? ` · code ${q.discountCode}` : ''}
            </p>
          </li>
        ))}
      </Section>
      <Section
        title="Leads"
        count={d.counts.leads}
        shown={d.leads.length}
        empty="No lead from this email (popup or forms)."
      >
        {d.leads.map((l) => (
          <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
            <span>
              {titleCase(l.source)} · {formatDate(l.createdAt)}
            </span>
            <Badge tone={l.status.toLowerCase() === 'new' ? 'info' : 'secondary'}>{l.status}</Badge>
          </li>
        ))}
      </Section>
    </div>
  );
}

/** One customer: the account and what it has done. */
export default function CustomerDetailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useRoute(ROUTES.adminCustomer, { params: { id } });
  const state = detail.state;
  const title = state.status === 'ready' ? state.data.data.customer.name : 'Customer';
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} className="max-w-2xl">
      {state.status === 'loading' && <Loading label="Loading customer..." />}
      {state.status === 'error' && (
        <LoadError message="Failed to load the customer" onRetry={() => void detail.reload()} />
      )}
      {state.status === 'ready' && <Body d={state.data.data} />}
    </Dialog>
  );
}
