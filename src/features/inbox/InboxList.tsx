import { Card } from '../../components/ui/card.tsx';
import { INBOX_SOURCES, type InboxItem, type InboxKind } from '../../contract/inbox.ts';
import { labelOf } from '../../contract/options.ts';
import { QUOTE_SERVICE_TYPES } from '../../contract/quote-fields.ts';
import { formatDateTime } from '../../lib/format.ts';
import { InboxStatusBadge, RespondBy, UrgentBadge } from './InboxBadges.tsx';

const nameOf = (i: InboxItem) => `${i.firstName} ${i.lastName ?? ''}`.trim();
const aircraftOf = (i: InboxItem) =>
  i.aircraft
    ? `${i.aircraft.make} ${i.aircraft.model}${i.aircraft.registrationNumber ? ` · ${i.aircraft.registrationNumber}` : ''}`
    : '—';

/** The page of requests: a table from the md breakpoint, cards below it (a 390 px phone). */
export function InboxList({
  kind,
  items,
  onOpen,
  busy,
}: {
  kind: InboxKind;
  items: InboxItem[];
  onOpen: (id: string) => void;
  busy: boolean;
}) {
  if (items.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-border py-12 text-center">
        <p className="font-medium">Nothing here</p>
        <p className="mt-1 text-sm text-muted-foreground">
          No {kind === 'quotes' ? 'quote requests' : 'leads'} match these filters.
        </p>
      </div>
    );
  }
  return (
    <div aria-busy={busy} className={busy ? 'opacity-70' : undefined}>
      <table className="hidden w-full border-collapse overflow-hidden rounded-lg bg-background text-sm shadow-sm md:table">
        <caption className="sr-only">{kind === 'quotes' ? 'Quote requests' : 'Leads'}</caption>
        <thead className="bg-muted text-left text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="p-3">
              Name
            </th>
            {kind === 'quotes' && (
              <th scope="col" className="p-3">
                Aircraft / service
              </th>
            )}
            <th scope="col" className="p-3">
              Status
            </th>
            <th scope="col" className="p-3">
              {kind === 'quotes' ? 'Respond by' : 'Source'}
            </th>
            <th scope="col" className="p-3">
              Assigned
            </th>
            <th scope="col" className="p-3">
              Received
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((i) => (
            <tr key={i.id} className={`border-t border-border ${i.overdue ? 'bg-destructive/5' : ''}`}>
              <td className="p-3">
                <button
                  type="button"
                  className="text-left font-semibold text-accent hover:underline"
                  onClick={() => onOpen(i.id)}
                >
                  {nameOf(i)}
                </button>
                <div className="break-all text-xs text-muted-foreground">{i.email}</div>
              </td>
              {kind === 'quotes' && (
                <td className="p-3">
                  <div>{aircraftOf(i)}</div>
                  <div className="text-xs text-muted-foreground">
                    {i.serviceType ? labelOf(QUOTE_SERVICE_TYPES, i.serviceType) : ''}
                  </div>
                </td>
              )}
              <td className="p-3">
                <div className="flex flex-wrap gap-1">
                  <UrgentBadge urgent={i.urgent} />
                  <InboxStatusBadge status={i.status} />
                </div>
              </td>
              <td className="p-3">
                {kind === 'quotes' ? <RespondBy respondBy={i.respondBy} /> : labelOf(INBOX_SOURCES, i.source)}
              </td>
              <td className="p-3">{i.assignedTo?.name ?? <span className="text-muted-foreground">—</span>}</td>
              <td className="p-3 whitespace-nowrap text-muted-foreground">
                <time dateTime={i.createdAt}>{formatDateTime(i.createdAt)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="space-y-3 md:hidden" aria-label={kind === 'quotes' ? 'Quote requests' : 'Leads'}>
        {items.map((i) => (
          <li key={i.id}>
            <Card className={`p-4 ${i.overdue ? 'border-destructive' : ''}`}>
              <div className="flex items-start justify-between gap-2">
                <button
                  type="button"
                  className="text-left font-semibold text-accent hover:underline"
                  onClick={() => onOpen(i.id)}
                >
                  {nameOf(i)}
                </button>
                <div className="flex flex-wrap justify-end gap-1">
                  <UrgentBadge urgent={i.urgent} />
                  <InboxStatusBadge status={i.status} />
                </div>
              </div>
              <p className="mt-1 break-all text-sm text-muted-foreground">{i.email}</p>
              {kind === 'quotes' && (
                <p className="mt-1 text-sm">
                  {aircraftOf(i)} · {i.serviceType ? labelOf(QUOTE_SERVICE_TYPES, i.serviceType) : ''}
                </p>
              )}
              <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
                {kind === 'quotes' ? (
                  <RespondBy respondBy={i.respondBy} />
                ) : (
                  <span>{labelOf(INBOX_SOURCES, i.source)}</span>
                )}
                <time dateTime={i.createdAt}>{formatDateTime(i.createdAt)}</time>
              </div>
              {i.assignedTo && <p className="mt-1 text-xs">Assigned to {i.assignedTo.name}</p>}
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
