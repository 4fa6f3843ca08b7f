import type { Bid } from '../../contract/bids.ts';
import { PAYMENT_TEXT, depositCentsFor, formatCents, type AcceptPayment } from '../../contract/payments.ts';
import { cn } from '../../components/ui/cn.ts';
import { leavePage } from '../../lib/history-entries.ts';

/** The approved parts of a quote as the owner would accept it (all lines approved), in cents. */
const partsCentsOf = (bid: Bid) => {
  if (bid.lines?.length) return Math.round(bid.lines.reduce((s, l) => s + l.partsCost, 0) * 100);
  // A list's quote carries its per-category totals, not its lines (docs/decisions/0205): the same sum.
  if (bid.lineCount && bid.categoryTotals)
    return Math.round(Object.values(bid.categoryTotals).reduce((s, t) => s + t.partsCost, 0) * 100);
  return Math.round(bid.partsCost * 100);
};

/**
 * What accepting this quote charges and when (docs/decisions/0230), or that payment goes outside
 * Skyward for a mechanic whose payouts are not set up. Shown on the quote and in the accept dialogs.
 */
export function PaymentTerms({
  bid,
  className,
  full = false,
  approvedPartsCents,
}: {
  bid: Bid;
  className?: string;
  full?: boolean;
  /** The parts of the lines as the owner has decided them (the accept dialog): the deposit then charged. */
  approvedPartsCents?: number | undefined;
}) {
  if (!bid.payable)
    return <p className={cn('text-sm text-muted-foreground', className)}>{PAYMENT_TEXT.notAvailable}</p>;
  const percent = bid.depositPercent ?? 0;
  const decided = approvedPartsCents !== undefined;
  const deposit = depositCentsFor(decided ? approvedPartsCents : partsCentsOf(bid), percent);
  if (!full) {
    return (
      <p className={cn('text-sm', className)}>
        Paid through Skyward{percent > 0 ? ` · parts deposit ${percent} % (${formatCents(deposit)})` : ' · no deposit'}
      </p>
    );
  }
  return (
    <div className={cn('rounded-md border border-border bg-muted/40 p-3 text-sm', className)}>
      <p className="font-medium">Paid through Skyward</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        <li>
          Accepting opens a secure Stripe page to save your card, or offers the card you already saved with Stripe.
          Nothing else is charged now.
        </li>
        {percent > 0 && decided && deposit === 0 ? (
          <li>
            {approvedPartsCents === 0
              ? 'No parts deposit: no parts line is approved.'
              : 'No parts deposit: the parts lines you approve come to less than the smallest card charge.'}
          </li>
        ) : percent > 0 ? (
          <li>
            A parts deposit of {percent} % of the approved parts ({formatCents(deposit)}{' '}
            {decided ? 'for the parts lines you approve' : 'if you approve every parts line'}) is charged when your card
            is saved. It is refunded if you cancel before {bid.mechanicName} confirms the appointment; after that it
            pays for the parts ordered.
          </li>
        ) : (
          <li>No deposit is asked.</li>
        )}
        <li>
          The rest of the approved total (the lines you approve and any change orders you approve) is charged when the
          job is completed and its logbook entry signed.
        </li>
      </ul>
    </div>
  );
}

/**
 * Where accepting (or booking, or taking an AOG offer) leads when the job is payable: the hosted
 * card page; or, when the owner already saved a card with Stripe, the job's card in Appointments,
 * which offers "Use card ending 4242" beside "Use another card" (docs/decisions/0463).
 */
export function goToCardPage(
  result: { payment?: AcceptPayment } & ({ appointment: { id: string } } | { id: string }),
): void {
  const payment = result.payment;
  if (!payment?.setupUrl) return;
  if (!payment.savedCard) return leavePage(payment.setupUrl);
  const id = 'appointment' in result ? result.appointment.id : result.id;
  leavePage(`/dashboard?section=appointments&payment=${encodeURIComponent(id)}`);
}

/** The cancel dialog's sentence on the deposit of an accepted payable quote. */
export function depositOnCancelText(bid: Bid | undefined): string {
  if (!bid?.payable || !bid.depositPercent) return '';
  return ` If a parts deposit was charged, it is refunded in full while ${bid.mechanicName} has not confirmed the appointment; once confirmed, the deposit is kept for the parts ordered.`;
}
