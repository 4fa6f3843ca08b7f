import { ClipboardList, MapPin, Wrench, XCircle } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { labelOf } from '../../../contract/options.ts';
import { MARKETPLACE, MARKETPLACE_SERVICE_TYPES, URGENCY_LEVELS } from '../../../contract/marketplace.ts';
import type { AcceptResult, Appointment } from '../../../contract/appointments.ts';
import type { Bid } from '../../../contract/bids.ts';
import type { ServiceRequest } from '../../../contract/service-requests.ts';
import { ROUTES } from '../../../contract/routes/marketplace.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { formatCurrency, formatDate } from '../../../lib/format.ts';
import {
  BID_MACHINE,
  CANCELLABLE_REQUEST_STATUSES,
  QUOTE_STANDING_LABELS,
  REQUEST_MACHINE,
  can,
  quoteStanding,
} from '../../../contract/machines.ts';
import { Details } from '../../../components/ui/details.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Stars } from '../../../components/ui/star-rating.tsx';
import { StatusBadge } from '../../marketplace/ui/StatusBadge.tsx';
import { quotesByPrice } from '../../marketplace/requests/pilot-views.ts';
import { formatDay } from '../../../lib/format.ts';
import { QuoteComparison, QuoteLines } from '../../bid-lines/QuoteComparison.tsx';
import { useQuoteCoverage } from '../../bid-lines/use-coverage.ts';
import { JobFigure } from '../../marketplace/ui/JobFigure.tsx';
import { ThreadButton, UnreadBadge } from '../../conversations/ThreadButton.tsx';
import { PaymentTerms, depositOnCancelText, goToCardPage } from '../../payments/PaymentTerms.tsx';
import { InspectionSignerNote } from '../../bid-lines/InspectionSignerNote.tsx';
import { RelistNotice } from '../../marketplace/requests/RelistNotice.tsx';
import { BookFromRequests } from '../../booking/BookFromRequests.tsx';

const AcceptQuoteDialog = lazy(() => import('../../bid-lines/AcceptQuoteDialog.tsx'));
const MechanicProfileDialog = lazy(() => import('../../marketplace/profiles/MechanicProfileDialog.tsx'));
/** A quote of several lines is accepted line by line; a one-line quote with a plain confirmation. */
const itemized = (bid: Bid) => (bid.lines?.length ?? bid.lineCount ?? 0) > 1;

type Pending = { kind: 'accept'; request: ServiceRequest; bid: Bid } | { kind: 'cancel'; request: ServiceRequest };

interface Props {
  requests: ServiceRequest[];
  /** A write's answer: the request as the server now has it. */
  onRequest: (request: ServiceRequest) => void;
  /** An accepted quote's new appointment. */
  onAppointment: (appointment: Appointment) => void;
  /** After any write or refusal: what else may have changed (the bell) is read again. */
  onChanged: () => void;
  onRequestService: () => void;
}

/** Every request with its status and its quotes side by side; accept one or cancel, after confirming. */
export default function RequestsTab({ requests, onRequest, onAppointment, onChanged, onRequestService }: Props) {
  const [pending, setPending] = useState<Pending | null>(null);
  // The mechanic whose profile is open (from a quote card).
  const [viewing, setViewing] = useState<{ id: string; name: string } | null>(null);
  // A refusal stays in the dialog, and the request is read again so the card shows the truth
  // (another tab got there first).
  const accept = useWrite(ROUTES.requestAccept, { fallback: 'Failed to accept quote', stale: [ROUTES.requestsOwn] });
  // Its appointment, if any, was cancelled with it.
  const cancel = useWrite(ROUTES.requestCancel, {
    fallback: 'Failed to cancel request',
    stale: [ROUTES.requestsOwn],
    after: [ROUTES.appointmentsOwn],
  });
  const busy = accept.pending || cancel.pending;
  const refusal = accept.error ?? cancel.error;
  const choose = (next: Pending | null) => {
    accept.clearError();
    cancel.clearError();
    setPending(next);
  };

  const accepted = (result: AcceptResult) => {
    onRequest(result.request);
    onAppointment(result.appointment);
    onChanged();
    goToCardPage(result);
  };

  const run = async () => {
    if (!pending) return;
    if (pending.kind === 'accept') {
      const sent = await accept.run({ params: { id: pending.request.id }, body: { bidId: pending.bid.id } });
      if (!sent.ok) return;
      accepted(sent.data);
      toast.success(
        `Quote accepted. ${pending.bid.mechanicName} is scheduled for ${formatDay(pending.bid.availableStartDate)}.`,
      );
    } else {
      const sent = await cancel.run({ params: { id: pending.request.id } });
      if (!sent.ok) return;
      onRequest(sent.data);
      onChanged();
      toast.success('Service request cancelled');
    }
    setPending(null);
  };

  return (
    <section aria-labelledby="requests-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="requests-heading" className="text-xl font-semibold">
            Service Requests
          </h2>
          <p className="text-sm text-muted-foreground">
            Compare the quotes mechanics send and accept the one you want.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <BookFromRequests />
          <Button onClick={onRequestService}>
            <Wrench className="h-4 w-4" aria-hidden="true" />
            Request Service
          </Button>
        </div>
      </div>

      {requests.length === 0 ? (
        <EmptyState
          Icon={ClipboardList}
          title="No service requests yet"
          hint="Request a service and certified A&P mechanics near you will send quotes."
        />
      ) : (
        <ul className="space-y-4">
          {requests.map((r) => (
            <li key={r.id}>
              {r.relistable && <RelistNotice request={r} onChanged={onChanged} />}
              <RequestCard
                request={r}
                onAccept={(bid) => choose({ kind: 'accept', request: r, bid })}
                onCancel={() => choose({ kind: 'cancel', request: r })}
                onViewMechanic={(bid) => setViewing({ id: bid.mechanicId, name: bid.mechanicName })}
              />
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={pending?.kind === 'accept' && !itemized(pending.bid)}
        onOpenChange={(open) => !open && choose(null)}
        title="Accept this quote?"
        description={
          pending?.kind === 'accept' ? (
            <>
              Accept {pending.bid.mechanicName}&rsquo;s quote of{' '}
              <strong>{formatCurrency(pending.bid.totalCost)}</strong>? An appointment is scheduled for{' '}
              {formatDay(pending.bid.availableStartDate)} and the other quotes are declined.
              <InspectionSignerNote bid={pending.bid} className="mt-3" />
              <PaymentTerms bid={pending.bid} full className="mt-3" />
            </>
          ) : (
            ''
          )
        }
        confirmLabel="Accept Quote"
        busy={busy}
        error={refusal}
        onConfirm={run}
      />
      {viewing && (
        <Suspense fallback={null}>
          <MechanicProfileDialog mechanic={viewing} onClose={() => setViewing(null)} />
        </Suspense>
      )}
      {pending?.kind === 'accept' && itemized(pending.bid) && (
        <Suspense fallback={null}>
          <AcceptQuoteDialog
            request={pending.request}
            bid={pending.bid}
            onClose={() => choose(null)}
            onAccepted={accepted}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={pending?.kind === 'cancel'}
        onOpenChange={(open) => !open && choose(null)}
        title="Cancel this service request?"
        description={pending?.kind === 'cancel' ? cancelConsequence(pending.request) : ''}
        confirmLabel="Cancel Request"
        cancelLabel="Keep Request"
        destructive
        busy={busy}
        error={refusal}
        onConfirm={run}
      />
    </section>
  );
}

/** What cancelling does to this request, in its own terms (an approved one has an appointment). */
function cancelConsequence(r: ServiceRequest): string {
  const accepted = r.quotes.find((q) => q.status === 'accepted');
  if (accepted) {
    return `The appointment with ${accepted.mechanicName} on ${formatDay(accepted.availableStartDate)} is cancelled too, and ${accepted.mechanicName} is told.${depositOnCancelText(accepted)} This cannot be undone.`;
  }
  const quoted = r.quotes.filter((q) => q.status === 'pending').length;
  if (quoted > 0)
    return `The ${quoted === 1 ? 'quote you received is' : `${quoted} quotes you received are`} declined and the mechanics are told. This cannot be undone.`;
  if (r.matchedMechanicsCount > 0)
    return 'The matched mechanics are told and can no longer quote. This cannot be undone.';
  return 'No mechanic has been matched yet; the request is closed. This cannot be undone.';
}

function RequestCard({
  request: r,
  onAccept,
  onCancel,
  onViewMechanic,
}: {
  request: ServiceRequest;
  onAccept: (b: Bid) => void;
  onCancel: () => void;
  onViewMechanic: (b: Bid) => void;
}) {
  const quotes = quotesByPrice(r);
  const canAccept = can(REQUEST_MACHINE, r.status, 'accept');
  // "Lowest price" only among quotes that leave none of the requested due items out.
  const coverage = useQuoteCoverage(r, quotes);
  const cheapest = quotes.find(
    (q) => q.status === 'pending' && (coverage.get(q.id)?.missing.length ?? 0) === 0,
  )?.totalCost;
  // A cheaper quote that leaves items out: the badge says what it compares, not "lowest" above a lower figure.
  const cheaperPartial = quotes.some((q) => q.status === 'pending' && cheapest !== undefined && q.totalCost < cheapest);
  return (
    <Card className="p-5" aria-labelledby={`request-${r.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={`request-${r.id}`} className="text-lg font-semibold">
            {labelOf(MARKETPLACE_SERVICE_TYPES, r.serviceType)} · {r.aircraftTailNumber}
          </h3>
          <p className="text-sm text-muted-foreground">
            {r.aircraftYear ? `${r.aircraftYear} ` : ''}
            {r.aircraftMake} {r.aircraftModel} · requested {formatDate(r.createdAt)}
          </p>
        </div>
        <StatusBadge status={r.status} audience="owner" />
        <UnreadBadge serviceRequestId={r.id} />
      </div>
      <p className="mt-3 text-sm whitespace-pre-line">{r.serviceDescription}</p>
      <div className="mt-3">
        <Details
          items={[
            [
              'Service location',
              <span key="l" className="inline-flex items-center gap-1">
                <MapPin className="h-3.5 w-3.5" aria-hidden="true" />
                {r.serviceLocationLabel ?? r.serviceLocation}
              </span>,
            ],
            ['Urgency', labelOf(URGENCY_LEVELS, r.urgencyLevel)],
            r.preferredStartDate ? ['Preferred start', formatDay(r.preferredStartDate)] : null,
            r.estimatedBudget !== null ? ['Budget', formatCurrency(r.estimatedBudget)] : null,
            r.customerWillTravel ? ['Will travel', `up to ${r.maxTravelDistance} mi`] : null,
            ['Matched mechanics', String(r.matchedMechanicsCount)],
          ]}
        />
      </div>

      <div className="mt-4">
        <h4 className="font-semibold">Quotes ({quotes.length})</h4>
        {quotes.length === 0 ? (
          <p className="mt-1 text-sm text-muted-foreground">
            {r.status === 'pending'
              ? 'No mechanic covers this location yet. We will match your request as soon as one does.'
              : r.status === 'matched'
                ? `Waiting for quotes from ${r.matchedMechanicsCount} matched ${r.matchedMechanicsCount === 1 ? 'mechanic' : 'mechanics'}.`
                : 'No quotes were received.'}
          </p>
        ) : (
          <ul className="mt-2 grid gap-3 md:grid-cols-2" aria-label={`Quotes for ${r.aircraftTailNumber}`}>
            {quotes.map((q) => (
              <li key={q.id} className="rounded-md border border-border p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <p className="flex flex-wrap items-baseline gap-x-2">
                      <span className="font-semibold">{q.mechanicName}</span>
                      <button
                        type="button"
                        className="rounded-sm text-sm font-medium text-accent underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
                        onClick={() => onViewMechanic(q)}
                        aria-label={`View ${q.mechanicName}'s profile`}
                        aria-haspopup="dialog"
                      >
                        View profile
                      </button>
                    </p>
                    <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
                      {q.mechanicRatingCount > 0 ? (
                        <>
                          <Stars value={q.mechanicRating} /> {q.mechanicRating.toFixed(1)} · {q.mechanicCompletedJobs}{' '}
                          completed {q.mechanicCompletedJobs === 1 ? 'job' : 'jobs'}
                        </>
                      ) : (
                        <>
                          {MARKETPLACE.newMechanicLabel}
                          {q.mechanicCompletedJobs > 0 &&
                            ` · ${q.mechanicCompletedJobs} completed ${q.mechanicCompletedJobs === 1 ? 'job' : 'jobs'}`}
                        </>
                      )}
                    </p>
                    {q.mechanicFaaAirmen && (
                      // Only what the FAA airmen file matched (name, state, ratings): docs/decisions/0120.
                      <p className="mt-1 text-sm">
                        <Badge tone="info">FAA</Badge> {q.mechanicFaaAirmen}
                      </p>
                    )}
                  </div>
                  <div className="text-right">
                    {q.figures ? (
                      // After acceptance the card names the figure that stands (approved, with change orders, final).
                      <p className="text-lg tabular-nums">
                        <JobFigure figures={q.figures} />
                      </p>
                    ) : (
                      <p className="text-xl font-bold tabular-nums">{formatCurrency(q.totalCost)}</p>
                    )}
                    {q.status === 'pending' && q.totalCost === cheapest && quotes.length > 1 && (
                      <Badge tone="success">{cheaperPartial ? 'Lowest price for every item' : 'Lowest price'}</Badge>
                    )}
                    {/* The quote stays accepted in the record; a cancelled job is said beside it. */}
                    <QuoteBadge quote={q.status} request={r.status} />
                  </div>
                </div>
                <InspectionSignerNote bid={q} className="mt-2" />
                <PaymentTerms bid={q} className="mt-2" />
                <div className="mt-3">
                  <Details
                    items={[
                      // An itemized quote's labour and parts are its lines' sums: said so, beside the
                      // comparison's per-category rows that split the same total another way.
                      [itemized(q) ? 'Labor (all lines)' : 'Labor', formatCurrency(q.laborCost)],
                      [itemized(q) ? 'Parts (all lines)' : 'Parts', formatCurrency(q.partsCost)],
                      ['Est. hours', String(q.estimatedHours)],
                      ['Available', formatDay(q.availableStartDate)],
                      ['Est. completion', formatDay(q.estimatedCompletionDate)],
                      ['Warranty', `${q.warrantyPeriod} days`],
                    ]}
                  />
                </div>
                {q.notes && <p className="mt-2 text-sm text-muted-foreground">&ldquo;{q.notes}&rdquo;</p>}
                {itemized(q) && <QuoteLines request={r} bid={q} />}
                <div className="mt-3">
                  <ThreadButton serviceRequestId={r.id} mechanicId={q.mechanicId} name={q.mechanicName} />
                </div>
                {canAccept && can(BID_MACHINE, q.status, 'accept') && (
                  <Button
                    className="mt-3 w-full"
                    onClick={() => onAccept(q)}
                    aria-label={`Accept ${q.mechanicName}'s quote of ${formatCurrency(q.totalCost)}`}
                  >
                    Accept
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {(quotes.length > 1 || quotes.some(itemized)) && <QuoteComparison request={r} quotes={quotes} />}
      </div>

      {CANCELLABLE_REQUEST_STATUSES.includes(r.status) && (
        <div className="mt-4 flex justify-end">
          <Button variant="ghost" size="sm" className="text-destructive" onClick={onCancel}>
            <XCircle className="h-4 w-4" aria-hidden="true" />
            Cancel request
          </Button>
        </div>
      )}
    </Card>
  );
}

/** An answered quote's badge: accepted (then cancelled, when the job was called off) or declined. */
function QuoteBadge({ quote, request }: { quote: Bid['status']; request: ServiceRequest['status'] }) {
  const standing = quoteStanding(quote, request);
  if (standing === 'pending') return null;
  return <Badge tone={standing === 'accepted' ? 'success' : 'secondary'}>{QUOTE_STANDING_LABELS[standing]}</Badge>;
}
