import { ROUTES } from '../../contract/routes/admin.ts';
import { Mail, Phone } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import { ADMIN_LISTS, type AdminQuote } from '../../contract/admin-dashboard.ts';
import { labelOf } from '../../contract/options.ts';
import { QUOTE_SERVICE_TYPES } from '../../contract/quote-fields.ts';
import { savingsFigure } from '../../contract/savings.ts';
import { formatDateTime } from '../../lib/format.ts';
import { LoadError } from '../../components/ui/load-error.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { useAdminData } from './use-admin-data.ts';

const LONG_MESSAGE = 220;

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 break-words">{children}</dd>
    </div>
  );
}

function QuoteMessage({ message }: { message: string }) {
  const [open, setOpen] = useState(false);
  const long = message.length > LONG_MESSAGE;
  return (
    <div className="mt-3 rounded-md bg-muted px-3 py-2 text-sm">
      <p className={`whitespace-pre-line break-words ${long && !open ? 'line-clamp-3' : ''}`}>{message}</p>
      {long && (
        <Button
          variant="link"
          size="sm"
          className="h-auto px-0 py-1"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Show less' : 'Show full message'}
        </Button>
      )}
    </div>
  );
}

function QuoteCard({ quote }: { quote: AdminQuote }) {
  const { aircraftInfo: aircraft, serviceInfo: service } = quote;
  return (
    <Card className="p-4 sm:p-5">
      <article aria-label={`Quote request from ${quote.firstName} ${quote.lastName}`}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h3 className="font-semibold">
              {quote.firstName} {quote.lastName}
            </h3>
            <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
              <a
                className="inline-flex items-center gap-1 break-all hover:text-accent"
                href={`mailto:${quote.returnEmail}`}
              >
                <Mail className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
                {quote.returnEmail}
              </a>
              <a
                className="inline-flex items-center gap-1 hover:text-accent"
                href={`tel:${quote.returnPhone.replace(/[^\d+]/g, '')}`}
              >
                <Phone className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
                {quote.returnPhone}
              </a>
            </p>
          </div>
          <div className="flex items-center gap-3">
            <StatusBadge status={quote.status} />
            <time className="text-sm text-muted-foreground" dateTime={quote.createdAt}>
              {formatDateTime(quote.createdAt)}
            </time>
          </div>
        </div>
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm lg:grid-cols-4">
          <Detail label="Aircraft">
            {aircraft.make} {aircraft.model}
            {aircraft.registrationNumber && (
              <span className="text-muted-foreground"> · {aircraft.registrationNumber}</span>
            )}
          </Detail>
          <Detail label="Service">{labelOf(QUOTE_SERVICE_TYPES, service.type)}</Detail>
          <Detail label="Location">{service.location ?? '—'}</Detail>
          <Detail label="Est. savings">
            {quote.estimatedSavings === null
              ? '—'
              : quote.estimatedSavingsDollars === null
                ? `${quote.estimatedSavings}%`
                : savingsFigure(quote.estimatedSavingsDollars, quote.estimatedSavings)}
          </Detail>
          {quote.discountCode && (
            <Detail label="Discount code">
              <span className="font-mono" data-discount-code>
                {quote.discountCode}
              </span>
            </Detail>
          )}
        </dl>
        <QuoteMessage message={quote.message} />
      </article>
    </Card>
  );
}

/** Quote Requests tab: the first 10 quote requests, newest first (docs/product.md §2 and §9). */
export default function QuotesTab({ onAuthLost }: { onAuthLost: (status: 401 | 403) => void }) {
  const { state, reload } = useAdminData(
    ROUTES.quotesForAdmin,
    { limit: ADMIN_LISTS.quotesShown },
    onAuthLost,
    'Failed to load quote requests',
  );
  if (state.status === 'loading') return <Loading label="Loading quote requests..." />;
  if (state.status === 'error') return <LoadError message={state.message} onRetry={reload} />;
  if (state.data.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-border py-12 text-center">
        <p className="font-medium">No quote requests yet</p>
        <p className="mt-1 text-sm text-muted-foreground">Requests sent from the public quote form will appear here.</p>
      </div>
    );
  }
  return (
    <section aria-labelledby="quotes-heading">
      <h2 id="quotes-heading" className="sr-only">
        Quote requests
      </h2>
      <p className="mb-3 text-sm text-muted-foreground">
        The {ADMIN_LISTS.quotesShown} most recent quote requests, newest first.
      </p>
      <ul className="space-y-3">
        {state.data.map((quote) => (
          <li key={quote.id}>
            <QuoteCard quote={quote} />
          </li>
        ))}
      </ul>
    </section>
  );
}
