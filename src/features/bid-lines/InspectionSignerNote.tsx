import type { Bid } from '../../contract/bids.ts';

/**
 * Who approves an annual for return to service, on the owner's quote card and in the accept
 * dialog (14 CFR 65.95; docs/decisions/0140-who-signs-the-annual.md): the IA the quote names, or
 * a warning when the mechanic holds no IA and names nobody. Nothing for other work. Spans, so it
 * also fits inside a dialog's description paragraph.
 */
export function InspectionSignerNote({ bid, className = '' }: { bid: Bid; className?: string }) {
  if (bid.inspectionSigner) {
    return (
      <span className={`block text-sm ${className}`}>
        <span className="text-muted-foreground">Annual signed by</span> {bid.inspectionSigner.fullName} (IA, certificate{' '}
        {bid.inspectionSigner.certificateNumber})
      </span>
    );
  }
  if (!bid.needsInspectionSigner) return null;
  return (
    <span className={`block rounded-md border border-warning/40 bg-warning-muted px-3 py-2 text-sm ${className}`}>
      No inspection authorization (IA), and no IA named to sign: {bid.mechanicName} can do the work but cannot approve
      the annual for return to service (14 CFR 65.95). Ask who signs before you accept.
    </span>
  );
}
