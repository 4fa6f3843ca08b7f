import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Input, Label, NativeSelect, Textarea } from '../../components/ui/field.tsx';
import { fieldAria, FormField } from '../../components/ui/form-field.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import { labelOf } from '../../contract/options.ts';
import {
  PAYMENT_STATUS_OPTIONS,
  formatCents,
  refundFormSchema,
  type AdminPayment,
  type PaymentStatus,
  type RefundData,
} from '../../contract/payments.ts';
import { ROUTES } from '../../contract/routes/payments.ts';
import { refundSplit } from '../../contract/refund-split.ts';
import { detailOr } from '../../lib/refusal.ts';
import { useWrite } from '../../lib/use-write.ts';
import { useRoute } from '../../lib/use-query.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { LoadError } from '../../components/ui/load-error.tsx';
import { useContractForm } from '../../lib/use-contract-form.ts';

const PER_PAGE = 20;

/** The console's Payments: every payment with its state, amounts, fee, refunds and disputes; refunds with a reason. */
export default function AdminPaymentsPanel() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<PaymentStatus | ''>('');
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  const list = useRoute(
    ROUTES.adminPayments,
    { query: { page, limit: PER_PAGE, status: status || undefined } },
    { keepPrevious: true },
  );
  const state = list.state;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <Label htmlFor="payments-status">Status</Label>
          <NativeSelect
            id="payments-status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as PaymentStatus | '');
              setPage(1);
            }}
            options={[
              { value: '', label: 'All' },
              ...PAYMENT_STATUS_OPTIONS.filter((o) => o.value !== 'not_applicable'),
            ]}
          />
        </div>
        {state.status === 'ready' && (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {state.data.pagination.total} payment{state.data.pagination.total === 1 ? '' : 's'}
          </p>
        )}
      </div>
      {state.status === 'error' ? (
        <LoadError message="Payments could not be loaded." onRetry={() => void list.reload()} />
      ) : state.status !== 'ready' ? (
        <Loading label="Loading payments..." />
      ) : state.data.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No payments yet. They appear when an owner accepts a quote from a mechanic whose payouts are ready.
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Payments">
          {state.data.data.map((p) => (
            <li key={p.id}>
              <Card>
                <CardContent className="space-y-2 p-4 text-sm">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-semibold">
                      {p.aircraftTailNumber} · {p.ownerName} → {p.mechanicName}
                    </p>
                    <Badge
                      tone={
                        p.status === 'paid'
                          ? 'success'
                          : p.status === 'payment_due' || p.status === 'disputed'
                            ? 'warning'
                            : 'secondary'
                      }
                    >
                      {labelOf(PAYMENT_STATUS_OPTIONS, p.status)}
                    </Badge>
                  </div>
                  <p className="text-muted-foreground">
                    Total {formatCents(p.totalCents)} · deposit {formatCents(p.depositCents)} · charged{' '}
                    {formatCents(p.chargedCents)} · fee {formatCents(p.feeCents)} · payout {formatCents(p.payoutCents)}
                    {p.refundedCents > 0 ? ` · refunded ${formatCents(p.refundedCents)}` : ''} · sent to the mechanic{' '}
                    {formatCents(p.sentToMechanicCents)}
                  </p>
                  <p className="text-muted-foreground">
                    Created {formatDate(p.createdAt)}
                    {p.paidAt ? ` · paid ${formatDateTime(p.paidAt)}` : ''}
                  </p>
                  {p.disputeStatus && (
                    <p className="text-warning">
                      Dispute: {p.disputeStatus.replace(/_/g, ' ')}
                      {p.disputeDueBy ? ` · evidence due ${formatDateTime(p.disputeDueBy)}` : ''} · payouts held while
                      it is open
                    </p>
                  )}
                  {p.refunds.length > 0 && (
                    <ul className="list-disc pl-5">
                      {p.refunds.map((r, i) => (
                        <li key={i}>
                          {formatCents(r.amountCents)} on {formatDate(r.createdAt)}
                          {r.reason ? `: ${r.reason}` : ''}
                        </li>
                      ))}
                    </ul>
                  )}
                  {p.chargedCents - p.refundedCents > 0 && (
                    <Button variant="outline" size="sm" onClick={() => setRefunding(p)}>
                      Refund…
                    </Button>
                  )}
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {state.status === 'ready' && state.data.pagination.pages > 1 && (
        <nav aria-label="Payments pages" className="flex items-center justify-end gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            <ChevronLeft className="h-4 w-4" aria-hidden="true" />
            Previous
          </Button>
          <span className="text-sm">
            Page {page} of {state.data.pagination.pages}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= state.data.pagination.pages}
            onClick={() => setPage(page + 1)}
          >
            Next
            <ChevronRight className="h-4 w-4" aria-hidden="true" />
          </Button>
        </nav>
      )}
      {refunding && (
        <RefundDialog
          payment={refunding}
          onClose={() => setRefunding(null)}
          onDone={() => {
            setRefunding(null);
            void list.reload();
          }}
        />
      )}
    </div>
  );
}

/** Before the click, who gives the refund back (docs/decisions/0390): the mechanic's share first, the fee last. */
function RefundSplitLine({ payment, amount }: { payment: AdminPayment; amount: string }) {
  const cents = Math.round(Number(amount) * 100);
  const left = payment.chargedCents - payment.refundedCents;
  if (!Number.isFinite(cents) || cents <= 0 || cents > left) return null;
  const split = refundSplit({ ...payment, paid: payment.paidAt !== null }, cents);
  const parts = [
    split.fromMechanicCents > 0 &&
      `${formatCents(split.fromMechanicCents)} is taken back from ${payment.mechanicName} (reversed from what was sent to him; he is told)`,
    split.fromFeeCents > 0 && `${formatCents(split.fromFeeCents)} comes out of Skyward's fee`,
    split.fromHeldCents > 0 && `${formatCents(split.fromHeldCents)} comes from money not yet sent to the mechanic`,
  ].filter(Boolean);
  return (
    <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="refund-split">
      {parts.join('; ')}.
    </p>
  );
}

/** A whole or partial refund with its reason; the amount typed in dollars, sent in cents. Confirmed by its own button. */
function RefundDialog({
  payment,
  onClose,
  onDone,
}: {
  payment: AdminPayment;
  onClose: () => void;
  onDone: () => void;
}) {
  const left = payment.chargedCents - payment.refundedCents;
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useContractForm(refundFormSchema(left), { amount: (left / 100).toFixed(2), reason: '' }, { parsed: true });
  const [error, setError] = useState<string | null>(null);
  const refund = useWrite(ROUTES.adminPaymentRefund, {
    fallback: 'The refund failed',
    reason: detailOr,
    onError: setError,
  });
  const busy = refund.pending || isSubmitting;
  const submit = async (body: RefundData) => {
    setError(null);
    const sent = await refund.run({ params: { id: payment.id }, body });
    if (!sent.ok) return;
    toast.success(`Refunded ${formatCents(body.amountCents)}`);
    onDone();
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && !busy && onClose()}
      title="Refund this payment?"
      description={`Up to ${formatCents(left)} can be refunded to ${payment.ownerName}'s card. This cannot be undone.`}
    >
      <form onSubmit={handleSubmit(submit)} noValidate className="space-y-3" aria-busy={busy}>
        <FormField id="refund-amount" label="Amount ($)" error={errors.amount?.message}>
          <Input
            id="refund-amount"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            {...fieldAria('refund-amount', errors.amount?.message)}
            {...register('amount')}
          />
        </FormField>
        <RefundSplitLine payment={payment} amount={watch('amount')} />
        <FormField id="refund-reason" label="Reason" required error={errors.reason?.message}>
          <Textarea
            id="refund-reason"
            rows={3}
            maxLength={500}
            required
            {...fieldAria('refund-reason', errors.reason?.message)}
            {...register('reason')}
          />
        </FormField>
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
            Keep payment
          </Button>
          <Button type="submit" variant="destructive" pending={busy}>
            Refund
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
