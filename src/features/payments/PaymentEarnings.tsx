import { Banknote, Hourglass, Receipt } from 'lucide-react';
import { labelOf } from '../../contract/options.ts';
import { PAYMENT_STATUS_OPTIONS, formatCents, type PaymentViewStatus } from '../../contract/payments.ts';
import { ROUTES } from '../../contract/routes/payments.ts';
import { useRoute } from '../../lib/use-query.ts';
import { formatDate } from '../../lib/format.ts';
import { StatCard } from '../../components/ui/stat-card.tsx';

/** Earnings from payments through Skyward: what was transferred, what is held or due, the fees; not estimates. */
export default function PaymentEarnings() {
  const query = useRoute(ROUTES.paymentsEarnings);
  const e = query.data;
  if (query.state.status === 'error')
    return (
      <p role="alert" className="text-sm text-destructive">
        Payments could not be loaded.
      </p>
    );
  if (!e)
    return (
      <p className="text-sm text-muted-foreground" aria-busy="true">
        Loading payments…
      </p>
    );
  if (e.jobs.length === 0) return null;
  return (
    <section aria-labelledby="payments-earnings" className="space-y-3" data-testid="payment-earnings">
      <h2 id="payments-earnings" className="text-lg font-semibold">
        Paid through Skyward
      </h2>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <StatCard
          label="Paid out"
          value={formatCents(e.paidCents)}
          Icon={Banknote}
          tone="text-success"
          note="Sent to your Stripe account, after the platform fee and any refund"
        />
        <StatCard label="Pending" value={formatCents(e.pendingCents)} Icon={Hourglass} tone="text-warning" />
        <StatCard label="Platform fees" value={formatCents(e.feesCents)} Icon={Receipt} />
      </div>
      <ul className="divide-y divide-border rounded-md border border-border">
        {e.jobs.map((j) => (
          <li key={j.appointmentId} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
            <span>
              <span className="block font-medium">
                {j.aircraftTailNumber} · {labelOf(PAYMENT_STATUS_OPTIONS, j.status as PaymentViewStatus)}
              </span>
              <span className="block text-muted-foreground">
                {j.paidAt ? `paid ${formatDate(j.paidAt)}` : 'not charged yet'}
              </span>
            </span>
            <span className="text-right tabular-nums">
              <span className="block font-semibold">{formatCents(j.payoutCents)}</span>
              <span className="block text-xs text-muted-foreground">
                of {formatCents(j.totalCents)} · fee {formatCents(j.feeCents)}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
