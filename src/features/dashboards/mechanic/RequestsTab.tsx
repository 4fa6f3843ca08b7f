import { Inbox, Send } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { labelOf } from '../../../contract/options.ts';
import { QUOTE_STANDING_LABELS, quoteStanding } from '../../../contract/machines.ts';
import { MARKETPLACE_SERVICE_TYPES, URGENCY_LEVELS } from '../../../contract/marketplace.ts';
import type { ServiceRequest } from '../../../contract/service-requests.ts';
import { formatCurrency, formatDate } from '../../../lib/format.ts';
import { formatDay } from '../../../lib/format.ts';
import { Details } from '../../../components/ui/details.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { StatusBadge } from '../../marketplace/ui/StatusBadge.tsx';
import RequestDueList from '../../maintenance/RequestDueList.tsx';
import { ThreadButton } from '../../conversations/ThreadButton.tsx';

/** What the quote button says: only an open request this mechanic has not quoted takes a quote. */
function quoteButton(r: ServiceRequest): { label: string; enabled: boolean } {
  if (r.status === 'matched') return { label: 'Submit Quote', enabled: true };
  if (r.status === 'quoted') return { label: 'Quote Submitted', enabled: false };
  const standing = r.myQuote ? quoteStanding(r.myQuote.status, r.status) : null;
  // The job his accepted quote became was cancelled: said, as the owner's card says it.
  if (standing === 'accepted_then_cancelled') return { label: QUOTE_STANDING_LABELS[standing], enabled: false };
  if (standing === 'accepted') return { label: 'Quote Accepted', enabled: false };
  if (r.myQuote?.status === 'declined' && r.status !== 'cancelled') return { label: 'Not Selected', enabled: false };
  return { label: 'Closed', enabled: false };
}

/** Spec: 'Service Requests' with the requests matched to this mechanic's profile. */
export default function RequestsTab({
  requests,
  onQuote,
}: {
  requests: ServiceRequest[];
  onQuote: (r: ServiceRequest) => void;
}) {
  return (
    <section aria-labelledby="mech-requests-heading" className="space-y-4">
      <div>
        <h2 id="mech-requests-heading" className="text-xl font-semibold">
          Service Requests
        </h2>
        <p className="text-sm text-muted-foreground">Available service requests matched to your profile</p>
      </div>
      {requests.length === 0 ? (
        <EmptyState
          Icon={Inbox}
          title="No service requests available"
          hint="New requests matching your profile will appear here"
        />
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {requests.map((r) => {
            const button = quoteButton(r);
            return (
              <li key={r.id}>
                <Card className="flex h-full flex-col p-5" aria-labelledby={`mreq-${r.id}`}>
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h3 id={`mreq-${r.id}`} className="text-lg font-semibold">
                      {labelOf(MARKETPLACE_SERVICE_TYPES, r.serviceType)}
                    </h3>
                    <StatusBadge status={r.status} />
                  </div>
                  <p className="text-sm text-muted-foreground">
                    {r.aircraftMake} {r.aircraftModel} · {r.aircraftTailNumber}
                  </p>
                  <p className="mt-3 text-sm whitespace-pre-line">{r.serviceDescription}</p>
                  <div className="mt-3">
                    <Details
                      items={[
                        ['Requested', formatDate(r.createdAt)],
                        r.estimatedBudget !== null ? ['Budget', formatCurrency(r.estimatedBudget)] : null,
                        [
                          'Location',
                          `${r.serviceLocation}${r.distanceMiles !== null && r.distanceMiles !== undefined ? ` (${r.distanceMiles} mi)` : ''}`,
                        ],
                        ['Urgency', labelOf(URGENCY_LEVELS, r.urgencyLevel)],
                        r.preferredStartDate ? ['Preferred start', formatDay(r.preferredStartDate)] : null,
                        ['Customer', r.customerName],
                        r.customerWillTravel ? ['Customer can fly in', `up to ${r.maxTravelDistance} mi`] : null,
                        r.myQuote ? ['Your quote', formatCurrency(r.myQuote.totalCost)] : null,
                      ]}
                    />
                  </div>
                  {r.aircraftId && <RequestDueList requestId={r.id} />}
                  <div className="mt-4 flex flex-wrap justify-end gap-2 pt-1 sm:mt-auto">
                    <ThreadButton
                      serviceRequestId={r.id}
                      label={r.myQuote ? 'Message' : 'Ask a question'}
                      name={`the owner of ${r.aircraftTailNumber}`}
                    />
                    <Button
                      disabled={!button.enabled}
                      onClick={() => onQuote(r)}
                      aria-label={
                        button.enabled
                          ? `Submit Quote for ${labelOf(MARKETPLACE_SERVICE_TYPES, r.serviceType)} on ${r.aircraftTailNumber}`
                          : undefined
                      }
                    >
                      {button.enabled && <Send className="h-4 w-4" aria-hidden="true" />}
                      {button.label}
                    </Button>
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
