import { useState } from 'react';
import { toast } from 'sonner';
import { Badge, type BadgeTone } from '../../components/ui/badge.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { PAYMENT_MACHINE, can } from '../../contract/machines.ts';
import { labelOf } from '../../contract/options.ts';
import {
  PAYMENT_STATUS_OPTIONS,
  SAVED_CARD_TEXT,
  formatCents,
  type PaymentView,
  type PaymentViewStatus,
} from '../../contract/payments.ts';
import { ROUTES } from '../../contract/routes/payments.ts';
import { keyOf, useQuery } from '../../lib/use-query.ts';
import { paymentOf } from './payment-batcher.ts';
import { formatDateTimeAt } from '../../lib/format.ts';
import { useWrite } from '../../lib/use-write.ts';

const TONES: Record<PaymentViewStatus, BadgeTone> = {
  not_applicable: 'secondary',
  card_needed: 'warning',
  card_saved: 'info',
  deposit_paid: 'info',
  payment_due: 'destructive',
  paid: 'success',
  refunded: 'secondary',
  disputed: 'warning',
  paid_outside: 'secondary',
};

/**
 * A job's payment on its appointment card: the status ("Payment due" for owner and mechanic),
 * the amounts, and for the owner the way to save or update the card on the hosted page and retry.
 */
export default function PaymentPanel({
  appointmentId,
  role,
  cancelled = false,
  timeZone,
}: {
  appointmentId: string;
  role: 'owner' | 'mechanic';
  cancelled?: boolean;
  /** The place of work's zone: the time paid is said there, as every time of the job is. */
  timeZone: string;
}) {
  // Cached under the single read's key (a retry's answer replaces it); loaded with the other cards' in one call.
  const query = useQuery<PaymentView>(keyOf(ROUTES.appointmentPayment, { params: { id: appointmentId } }), (signal) =>
    paymentOf(appointmentId, signal),
  );
  const retryWrite = useWrite(ROUTES.appointmentPaymentRetry, {
    fallback: 'The payment could not be retried',
    onSuccess: (next) => {
      query.setData(next);
      if (next.status === 'payment_due') toast.error(next.failureMessage ?? 'The card was not charged');
      else toast.success('Payment received');
    },
    onError: (message) => toast.error(message),
  });
  const outsideWrite = useWrite(ROUTES.appointmentPaymentOutside, {
    fallback: 'The job could not be marked paid outside Skyward',
    onSuccess: (next) => {
      query.setData(next);
      setConfirmingOutside(false);
      toast.success('Marked paid outside Skyward: the owner is told, and you can start');
    },
    onError: (message) => toast.error(message),
  });
  const savedCardWrite = useWrite(ROUTES.appointmentPaymentSavedCard, {
    fallback: 'The saved card could not be used',
    onSuccess: (next) => {
      query.setData(next);
      if (next.status === 'payment_due') toast.error(next.failureMessage ?? 'The card was not charged');
      else
        toast.success(
          next.status === 'deposit_paid' ? 'Deposit paid with your saved card' : 'Your saved card is on this job',
        );
    },
    onError: (message) => toast.error(message),
  });
  const [confirmingOutside, setConfirmingOutside] = useState(false);
  const p = query.data;
  if (query.state.status === 'error') {
    return (
      <p role="alert" className="mt-3 text-sm text-destructive">
        The payment could not be loaded.{' '}
        <button type="button" className="underline" onClick={() => void query.reload()}>
          Try again
        </button>
      </p>
    );
  }
  if (!p)
    return (
      <p className="mt-3 text-sm text-muted-foreground" aria-busy="true">
        Loading payment…
      </p>
    );
  if (p.status === 'not_applicable') return null;
  // A cancelled job that charged nothing has no payment to speak of (and asks for no card).
  if (cancelled && (p.status === 'card_needed' || p.status === 'card_saved')) return null;
  const retry = () => void retryWrite.run({ params: { id: appointmentId } });
  return (
    <section
      aria-label="Payment"
      className="mt-3 rounded-md border border-border p-3 text-sm"
      data-testid="payment-panel"
    >
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium">Payment</span>
        <Badge tone={TONES[p.status]}>{labelOf(PAYMENT_STATUS_OPTIONS, p.status)}</Badge>
      </p>
      <Amounts p={p} role={role} />
      {p.failureMessage && p.status === 'payment_due' && (
        <p className="mt-2 text-destructive">
          {role === 'owner'
            ? p.failureMessage
            : 'Not yet paid: the owner’s card could not be charged. They have been asked again (email and dashboard) to save a card; you are paid once it goes through.'}
        </p>
      )}
      {role === 'mechanic' && p.status === 'card_needed' && (
        <p className="mt-2 text-destructive">
          Not yet paid: the owner has not saved a working card, so work cannot start. They are asked again when you try
          to start.
        </p>
      )}
      {p.status === 'paid_outside' && (
        <p className="mt-2 text-muted-foreground">
          {role === 'owner'
            ? 'Your mechanic marked this job paid outside Skyward: no card is asked for and nothing is charged through Skyward.'
            : 'You marked this job paid outside Skyward: nothing is charged or paid out through Skyward.'}
        </p>
      )}
      {role === 'mechanic' && !cancelled && !p.paidAt && can(PAYMENT_MACHINE, p.status, 'payOutside') && (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {confirmingOutside ? (
            <>
              <span>The owner paid you another way? Nothing will be charged through Skyward.</span>
              <Button
                variant="outline"
                onClick={() => void outsideWrite.run({ params: { id: appointmentId } })}
                pending={outsideWrite.pending}
              >
                Yes, mark paid outside Skyward
              </Button>
              <Button variant="ghost" onClick={() => setConfirmingOutside(false)}>
                Keep waiting
              </Button>
            </>
          ) : (
            (p.status === 'card_needed' || p.status === 'payment_due') && (
              <Button variant="outline" onClick={() => setConfirmingOutside(true)}>
                Mark paid outside Skyward
              </Button>
            )
          )}
        </div>
      )}
      {role === 'owner' && p.status === 'card_needed' && !p.savedCard && (
        <p className="mt-2">
          Save your card so the mechanic can start: nothing else is charged until the work is done.
        </p>
      )}
      {role === 'owner' && p.status === 'card_needed' && p.savedCard ? (
        <div className="mt-2">
          <p>{SAVED_CARD_TEXT.offer(p.savedCard)}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button
              onClick={() => void savedCardWrite.run({ params: { id: appointmentId } })}
              pending={savedCardWrite.pending}
            >
              {SAVED_CARD_TEXT.use(p.savedCard)}
            </Button>
            {p.actionUrl && (
              <a className={buttonClass('outline')} href={p.actionUrl}>
                {SAVED_CARD_TEXT.another}
              </a>
            )}
          </div>
        </div>
      ) : (
        role === 'owner' &&
        p.actionUrl && (
          <div className="mt-2 flex flex-wrap gap-2">
            <a className={buttonClass()} href={p.actionUrl}>
              {p.status === 'payment_due' ? 'Update card and pay' : 'Save card'}
            </a>
            {p.status === 'payment_due' && (
              <Button variant="outline" onClick={retry} pending={retryWrite.pending}>
                Retry with the saved card
              </Button>
            )}
          </div>
        )
      )}
      {p.paidAt && (
        <p className="mt-2 text-muted-foreground">
          Paid {formatDateTimeAt(p.paidAt, timeZone)}
          {role === 'owner' && p.receiptDocumentId ? ' · the invoice is in your Documents' : ''}
        </p>
      )}
    </section>
  );
}

function Amounts({ p, role }: { p: PaymentView; role: 'owner' | 'mechanic' }) {
  const parts = [
    p.depositCents > 0 ? `Parts deposit ${formatCents(p.depositCents)}` : null,
    p.totalCents > 0 ? `Total ${formatCents(p.totalCents)}` : null,
    role === 'mechanic' && p.totalCents > 0
      ? `Fee ${formatCents(p.feeCents)} · Your payout ${formatCents(p.payoutCents)}`
      : null,
    p.refundedCents > 0 ? `Refunded ${formatCents(p.refundedCents)}` : null,
  ].filter(Boolean);
  return parts.length ? <p className="mt-1 text-muted-foreground">{parts.join(' · ')}</p> : null;
}
