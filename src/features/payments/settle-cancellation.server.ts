import { PAYMENT_MACHINE, targetOf } from '../../contract/machines.ts';
import { formatCents } from '../../contract/payments.ts';
import type { Tx } from '../../server/db/client.ts';
import { notify } from '../marketplace/notifications.server.ts';
import type { StripeSetup } from './stripe.server.ts';
import { releaseDeposit, takeBack } from './mechanic-transfers.server.ts';
import { type PaymentRow, depositKept, logEvent, update, jobOf, whatOf } from './money.server.ts';

/**
 * A job that ended before work started (cancelled by either side, or re-listed after its mechanic
 * was stopped): a deposit not yet charged never is; a paid one is kept or refunded by
 * `depositKept`, from who ended the job and whether its mechanic is still approved, read under the
 * payment's lock. The owner is told of a refund in the app and by email (a mechanic's own
 * cancellation already told them). Nothing else was charged before work starts.
 */
export async function settleCancellation(trx: Tx, setup: StripeSetup, p: PaymentRow): Promise<PaymentRow> {
  const job = await jobOf(trx, p.appointmentId);
  if (job.status !== 'cancelled') return p;
  if (p.depositState === 'due') return update(trx, p, { depositState: 'none' });
  // Released when work started, then the job ended without the owner's late cancellation (the
  // mechanic stopped, the job re-listed): reversed and refunded like a deposit still held.
  const released = p.depositState === 'transferred' && !p.paidAt && !depositKept(job);
  if ((p.depositState !== 'paid' && !released) || !p.depositIntentId) return p;
  if (!released && depositKept(job)) return releaseDeposit(trx, setup, p, 'kept');
  const by = job.cancelledBy ?? 'owner';
  const amount = Number(p.depositCents) - Number(p.refundedCents);
  if (amount <= 0) {
    const row = await update(trx, p, { depositState: 'refunded', status: targetOf(PAYMENT_MACHINE, 'refund') });
    if (released) await takeBack(trx, setup, row, 'the job ended before it was finished');
    return row;
  }
  await setup.stripe.refunds.create(
    {
      payment_intent: p.depositIntentId,
      amount,
      // Stripe's reasons are duplicate, fraudulent or requested_by_customer: only the owner's own cancellation is the last.
      ...(by === 'owner' ? { reason: 'requested_by_customer' as const } : {}),
      metadata: { appointmentId: p.appointmentId, purpose: 'deposit-refund', cancelledBy: by },
    },
    { idempotencyKey: `deposit-refund:${p.appointmentId}` },
  );
  const row = await update(trx, p, {
    depositState: 'refunded',
    status: targetOf(PAYMENT_MACHINE, 'refund'),
    refundedCents: Number(p.refundedCents) + amount,
  });
  const why =
    by === 'mechanic'
      ? 'The mechanic cancelled the appointment'
      : job.mechanicStatus !== 'approved'
        ? 'The mechanic can no longer work through Skyward'
        : 'Cancelled before the mechanic confirmed';
  await logEvent(trx, p.id, 'refund', amount, why, p.depositIntentId);
  if (released) await takeBack(trx, setup, row, why.toLowerCase());
  if (by !== 'mechanic') {
    await notify(trx, [p.ownerId], {
      type: 'payment.deposit_refunded',
      title: 'Parts deposit refunded',
      message: `Your parts deposit of ${formatCents(amount)} for ${whatOf(job)} was refunded to your card in full${
        job.mechanicStatus !== 'approved'
          ? `: ${job.mechanicFirstName} ${job.mechanicLastName} can no longer work through Skyward.`
          : ', as the job was cancelled before the mechanic confirmed it.'
      }`,
      link: 'appointments',
    });
  }
  return row;
}
