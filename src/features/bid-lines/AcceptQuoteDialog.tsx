import { Alert } from '../../components/ui/alert.tsx';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Loading, Spinner } from '../../components/ui/spinner.tsx';
import { useQuoteLines } from './use-quote-lines.ts';
import type { LineDecision } from '../../contract/bid-lines.ts';
import type { AcceptResult, Bid, ServiceRequest } from '../../contract/marketplace.ts';
import { ROUTES } from '../../contract/routes.ts';
import { call } from '../../lib/api-client.ts';
import { isStale, refresh, refusalOf } from '../marketplace/ui/follow.ts';
import { formatDay } from '../../lib/format.ts';
import { DecideLines, decisionsBody } from './DecideLines.tsx';
import { InspectionSignerNote } from './InspectionSignerNote.tsx';
import { PaymentTerms } from '../payments/PaymentTerms.tsx';

/**
 * Accepting an itemized quote: the owner approves, defers or declines each line (approve by
 * default), sees the approved total, then accepts. The server checks every rule again.
 */
export default function AcceptQuoteDialog({ request, bid, onClose, onAccepted }: { request: ServiceRequest; bid: Bid; onClose: () => void; onAccepted: (result: AcceptResult) => void }) {
  const [decisions, setDecisions] = useState<Record<string, LineDecision>>({});
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The owner's list counts a quote's lines: they are read when the quote is opened (docs/decisions/0205).
  const loaded = useQuoteLines(request.id, [bid], true);
  const lines = loaded.lines?.get(bid.id);
  const accept = async () => {
    if (!lines) return;
    setBusy(true);
    setRefusal(null);
    try {
      const result = await call(ROUTES.requestAccept, { params: { id: request.id }, body: { bidId: bid.id, decisions: decisionsBody(lines, decisions) } });
      toast.success(`Quote accepted. ${bid.mechanicName} is scheduled for ${formatDay(bid.availableStartDate)}.`);
      onAccepted(result);
      onClose();
    } catch (err) {
      // The reason stays here, where the owner acted; a request changed elsewhere is read again.
      setRefusal(refusalOf(err, 'Failed to accept quote'));
      if (isStale(err)) refresh(ROUTES.requestsOwn);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title="Accept this quote?"
      description={`Decide each line of ${bid.mechanicName}’s quote. Deferred airworthiness items keep the aircraft marked not airworthy until they are done. The other quotes are declined.`}
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
      <PaymentTerms bid={bid} full className="mt-4" />
      {refusal && (
        <Alert className="mt-4">
          {refusal}
        </Alert>
      )}
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={accept} disabled={busy || !lines}>
          {busy && <Spinner />}
          Accept Quote
        </Button>
      </div>
    </Dialog>
  );
}
