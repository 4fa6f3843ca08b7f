import { Alert } from '../../components/ui/alert.tsx';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../components/ui/dialog.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import type { BidLine, LineDecision } from '../../contract/line-items.ts';
import type { AcceptResult } from '../../contract/appointments.ts';
import type { Bid } from '../../contract/bids.ts';
import type { ServiceRequest } from '../../contract/service-requests.ts';
import { ROUTES } from '../../contract/routes/marketplace.ts';
import { useWrite } from '../../lib/use-write.ts';
import { refusalOf } from '../../lib/refusal.ts';
import { formatDay } from '../../lib/format.ts';
import { DecideLines, decisionsBody } from './DecideLines.tsx';
import { InspectionSignerNote } from './InspectionSignerNote.tsx';
import { useQuoteLines } from './use-quote-lines.ts';
import { PaymentTerms } from '../payments/PaymentTerms.tsx';

/** The parts of the lines approved as decided so far (a line not yet decided is approved). */
const approvedPartsCents = (lines: readonly BidLine[], decisions: Record<string, LineDecision>) =>
  lines
    .filter((l) => (decisions[l.id] ?? 'approve') === 'approve')
    .reduce((sum, l) => sum + Math.round(l.partsCost * 100), 0);

/**
 * Accepting an itemized quote: the owner approves, defers or declines each line (approve by
 * default), sees the approved total, then accepts. The server checks every rule again.
 */
export default function AcceptQuoteDialog({
  request,
  bid,
  onClose,
  onAccepted,
}: {
  request: ServiceRequest;
  bid: Bid;
  onClose: () => void;
  onAccepted: (result: AcceptResult) => void;
}) {
  const [decisions, setDecisions] = useState<Record<string, LineDecision>>({});
  // The reason stays here, where the owner acted; a request changed elsewhere is read again.
  const write = useWrite(ROUTES.requestAccept, {
    fallback: 'Failed to accept quote',
    stale: [ROUTES.requestsOwn],
    onSuccess: (result) => {
      toast.success(`Quote accepted. ${bid.mechanicName} is scheduled for ${formatDay(bid.availableStartDate)}.`);
      onAccepted(result);
      onClose();
    },
  });
  const busy = write.pending;
  const refusal = write.error;
  // The owner's list counts a quote's lines: they are read when the quote is opened (docs/decisions/0205).
  const loaded = useQuoteLines(request.id, [bid], true);
  const lines = loaded.lines?.get(bid.id);
  const accept = () => {
    if (lines)
      void write.run({
        params: { id: request.id },
        body: { bidId: bid.id, decisions: decisionsBody(lines, decisions) },
      });
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title="Accept this quote?"
      description={`Decide each line of ${bid.mechanicName}’s quote. A deferred line leaves its due item due; a deferred airworthiness repair keeps the aircraft marked not airworthy until it is done. The other quotes are declined.`}
      className="sm:max-w-2xl"
    >
      <InspectionSignerNote bid={bid} className="mb-4" />
      {lines ? (
        <DecideLines lines={lines} decisions={decisions} onChange={setDecisions} prefix={`accept-${bid.id}`} />
      ) : loaded.failed ? (
        <Alert>
          {refusalOf(loaded.failed, 'The lines of this quote could not be loaded')}.{' '}
          <button type="button" className="underline" onClick={loaded.retry}>
            Try again
          </button>
        </Alert>
      ) : (
        <Loading label="Loading the lines..." />
      )}
      <PaymentTerms
        bid={bid}
        full
        className="mt-4"
        approvedPartsCents={lines ? approvedPartsCents(lines, decisions) : undefined}
      />
      {refusal && <Alert className="mt-4">{refusal}</Alert>}
      <DialogFooter className="mt-4">
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={accept} pending={busy} disabled={!lines}>
          Accept Quote
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
