import { formatCents } from '../../contract/payments.ts';
import type { Tx } from '../../server/db/client.ts';
import { notify } from '../marketplace/notifications.server.ts';
import { mechanicShareOf, REVERSAL_KIND, sentToMechanic } from './mechanic-share.server.ts';
import type { StripeSetup } from './stripe.server.ts';
import {
  type PaymentRow,
  transferGroupOf,
  entrySigned,
  frozen,
  logEvent,
  update,
  jobOf,
  whatOf,
} from './money.server.ts';

/**
 * What the mechanic is sent (and taken back): the held deposit, the final payout, the reversal
 * after a refund. Each step runs under the payment row's lock (`withPayment`, money.server.ts).
 */

/** The held deposit goes to the mechanic (the job started, or the owner cancelled after confirmation); not while a dispute is open. */
export async function releaseDeposit(
  trx: Tx,
  setup: StripeSetup,
  p: PaymentRow,
  state: 'transferred' | 'kept' = 'transferred',
): Promise<PaymentRow> {
  if (p.depositState !== 'paid' || frozen(p) || !p.depositIntentId) return p;
  // A deposit an administrator refunded before work started sends only what the owner kept paid.
  const amount = Number(p.depositCents) - Number(p.refundedCents);
  if (amount <= 0) return update(trx, p, { depositState: 'refunded' });
  const intent = await setup.stripe.paymentIntents.retrieve(p.depositIntentId);
  const transfer = await setup.stripe.transfers.create(
    {
      amount,
      currency: p.currency,
      destination: p.accountId,
      transfer_group: transferGroupOf(p.appointmentId),
      ...(typeof intent.latest_charge === 'string' ? { source_transaction: intent.latest_charge } : {}),
      metadata: { appointmentId: p.appointmentId, paymentId: p.id, purpose: 'deposit' },
    },
    { idempotencyKey: `deposit-transfer:${p.appointmentId}` },
  );
  const row = await update(trx, p, { depositState: state, depositTransferId: transfer.id });
  await logEvent(trx, p.id, state === 'kept' ? 'deposit_kept' : 'deposit_transferred', amount, null, transfer.id);
  return row;
}

/** The final transfer: the mechanic's share (total - fee - refunds) minus what was already sent; once (`payout:<appointmentId>`), never while a dispute is open. */
export async function payout(
  trx: Tx,
  setup: StripeSetup,
  p: PaymentRow,
  chargeId: string | null = null,
): Promise<PaymentRow> {
  if (!p.paidAt || p.transferId || frozen(p)) return p;
  if (!(await entrySigned(trx, p.appointmentId))) return p;
  const amount = mechanicShareOf(p) - (await sentToMechanic(trx, p.id)).net;
  if (amount <= 0) return p;
  const transfer = await setup.stripe.transfers.create(
    {
      amount,
      currency: p.currency,
      destination: p.accountId,
      transfer_group: transferGroupOf(p.appointmentId),
      ...(chargeId ? { source_transaction: chargeId } : {}),
      metadata: { appointmentId: p.appointmentId, paymentId: p.id, purpose: 'payout' },
    },
    { idempotencyKey: `payout:${p.appointmentId}` },
  );
  const row = await update(trx, p, {
    transferId: transfer.id,
    ...(p.depositState === 'paid' ? { depositState: 'transferred' as const } : {}),
  });
  await logEvent(trx, p.id, 'transferred', amount, null, transfer.id);
  return row;
}

/**
 * After a refund: what was sent to the mechanic beyond his share (docs/decisions/0390) is taken
 * back by reversing his transfers, newest first, and he is told. Each
 * reversal has its own Idempotency-Key (the transfer and how many reversals it had), so a replay
 * under the lock reverses nothing twice.
 */
export async function takeBack(trx: Tx, setup: StripeSetup, p: PaymentRow, reason: string): Promise<number> {
  const sent = await sentToMechanic(trx, p.id);
  let over = sent.net - mechanicShareOf(p);
  if (over <= 0) return 0;
  const total = over;
  for (const t of sent.transfers) {
    if (over <= 0) break;
    const amount = Math.min(over, t.left);
    if (amount <= 0) continue;
    await setup.stripe.transfers.createReversal(
      t.id,
      { amount, metadata: { appointmentId: p.appointmentId, paymentId: p.id, reason } },
      { idempotencyKey: `reversal:${t.id}:${t.reversals}` },
    );
    await logEvent(trx, p.id, REVERSAL_KIND, amount, reason, t.id);
    over -= amount;
  }
  const job = await jobOf(trx, p.appointmentId);
  const taken = total - over;
  // Told like every money event (in the app, and by email for those who take notices by email).
  await notify(trx, [p.mechanicId], {
    type: 'payment.taken_back',
    title: 'Payout taken back',
    message: `${formatCents(taken)} of what you were sent for ${whatOf(job)} was taken back: the owner was refunded (${reason}). What you keep for this job: ${formatCents(mechanicShareOf(p))}.`,
    link: 'earnings',
    itemId: p.appointmentId,
  });
  return taken;
}
