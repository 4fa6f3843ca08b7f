import type Stripe from 'stripe';
import { PAYMENT_MACHINE, targetOf } from '../../contract/machines.ts';
import { STRIPE_MINIMUM_CENTS, depositInHandCents, formatCents } from '../../contract/payments.ts';
import type { Tx } from '../../server/db/client.ts';
import { transition } from '../../server/http/transition.ts';
import { notify } from '../marketplace/notifications.server.ts';
import { enqueueEmail } from '../messaging/outbox.server.ts';
import { approvedCentsOf, feeCentsOf, paymentSettings } from './amounts.server.ts';
import { timeInZone } from '../marketplace/geo/airport-day.ts';
import { cardProblem, type StripeSetup } from './stripe.server.ts';
import { releaseDeposit, payout } from './mechanic-transfers.server.ts';
import {
  type PaymentRow,
  transferGroupOf,
  entrySigned,
  frozen,
  logEvent,
  update,
  jobOf,
  type Job,
  zoneOfJob,
  whatOf,
} from './money.server.ts';

/**
 * Charging the owner's saved card (docs/decisions/0230): the parts deposit, the capture once the
 * entry is signed, a retry after a card failure, and what is recorded when a charge succeeds. Each
 * step runs inside `withPayment` (money.server.ts), under the payment row's lock.
 */

type ChargeOutcome =
  { ok: true; intent: Stripe.PaymentIntent } | { ok: false; message: string; intentId: string | null };

async function charge(
  setup: StripeSetup,
  p: PaymentRow,
  purpose: 'deposit' | 'capture',
  amount: number,
  idempotencyKey: string,
  job: Job,
): Promise<ChargeOutcome> {
  if (!p.customerId || !p.paymentMethodId)
    return { ok: false, message: 'No card is saved for this job yet.', intentId: null };
  try {
    const intent = await setup.stripe.paymentIntents.create(
      {
        amount,
        currency: p.currency,
        customer: p.customerId,
        payment_method: p.paymentMethodId,
        off_session: true,
        confirm: true,
        transfer_group: transferGroupOf(p.appointmentId),
        description: `${purpose === 'deposit' ? 'Parts deposit' : 'Payment'} for ${whatOf(job)}`,
        metadata: { appointmentId: p.appointmentId, paymentId: p.id, purpose, attempt: String(p.captureAttempt) },
      },
      { idempotencyKey },
    );
    return { ok: true, intent };
  } catch (error) {
    const problem = cardProblem(error, p.paymentMethodId);
    if (!problem) throw error;
    return { ok: false, message: problem.message, intentId: problem.paymentIntentId };
  }
}

/** The owner's card failed: "Payment due", the owner told (in the app and by email) with the way to pay, the mechanic told. */
async function markDue(
  trx: Tx,
  p: PaymentRow,
  dueFor: 'deposit' | 'capture',
  message: string,
  amount: number,
  job: Job,
): Promise<PaymentRow> {
  const row = await update(trx, p, {
    status: transition(PAYMENT_MACHINE, p.status, 'fail'),
    dueFor,
    failureMessage: message,
    setupSessionId: null,
    payUrl: null,
  });
  await logEvent(trx, p.id, `${dueFor}_failed`, amount, message);
  const what = whatOf(job);
  await notify(trx, [p.ownerId], {
    type: 'payment.due',
    title: 'Payment due',
    message: `The ${dueFor === 'deposit' ? 'parts deposit' : 'payment'} of ${formatCents(amount)} for ${what} did not go through: ${message} Open Appointments and choose "Update card and pay".`,
    link: 'appointments',
    validWhile: { rule: 'payment_due', aboutId: p.appointmentId },
  });
  await notify(trx, [p.mechanicId], {
    type: 'payment.due',
    title: 'Payment due',
    message: `The owner's card was not charged for ${what} (${formatCents(amount)}). They have been asked to update it; you are paid once it goes through.`,
    link: 'appointments',
    validWhile: { rule: 'payment_due', aboutId: p.appointmentId },
  });
  return row;
}

/** Charges the parts deposit on the saved card (attempt n has its own key: a retry is a new charge, a replay is not). */
export async function chargeDeposit(trx: Tx, setup: StripeSetup, p: PaymentRow): Promise<PaymentRow> {
  const job = await jobOf(trx, p.appointmentId);
  // A card saved after the job was cancelled (the page was still open) charges nothing.
  if (job.status === 'cancelled') return update(trx, p, { depositState: 'none' });
  const amount = Number(p.depositCents);
  const outcome = await charge(setup, p, 'deposit', amount, `deposit:${p.appointmentId}:${p.captureAttempt}`, job);
  if (!outcome.ok) return markDue(trx, p, 'deposit', outcome.message, amount, job);
  const row = await update(trx, p, {
    status: targetOf(PAYMENT_MACHINE, 'payDeposit'),
    depositState: 'paid',
    depositIntentId: outcome.intent.id,
    dueFor: null,
    failureMessage: null,
  });
  await logEvent(trx, p.id, 'deposit_charged', amount, null, outcome.intent.id);
  // A job already started (the deposit failed at first, was paid later) releases it at once.
  if (job.status === 'in_progress' || job.status === 'completed') return releaseDeposit(trx, setup, row);
  return row;
}

/**
 * Completion (and the signed entry, where one was drafted): the approved total minus the deposit
 * is charged off-session, then the mechanic paid the total minus the fee minus what the deposit
 * already sent. A card failure makes it "Payment due"; nothing is marked paid that is not.
 */
export async function capture(trx: Tx, setup: StripeSetup, p: PaymentRow): Promise<PaymentRow> {
  // Nothing is charged before the entry is signed, whoever asks (a read, a webhook, a retry).
  if (!(await entrySigned(trx, p.appointmentId))) return p;
  const job = await jobOf(trx, p.appointmentId);
  const { totalCents } = await approvedCentsOf(trx, job.bidId);
  const settings = await paymentSettings(trx);
  const fee = feeCentsOf(totalCents, settings.feePercent, settings.feeMinimumCents);
  const depositCharged = depositInHandCents(p);
  const due = Math.max(0, totalCents - depositCharged);
  const row = await update(trx, p, { totalCents, feeCents: fee, payoutCents: totalCents - fee });
  let intentId: string | null = null;
  let chargeId: string | null = null;
  if (due >= STRIPE_MINIMUM_CENTS) {
    const outcome = await charge(setup, row, 'capture', due, `capture:${p.appointmentId}:${p.captureAttempt}`, job);
    if (!outcome.ok) return markDue(trx, row, 'capture', outcome.message, due, job);
    intentId = outcome.intent.id;
    chargeId = typeof outcome.intent.latest_charge === 'string' ? outcome.intent.latest_charge : null;
  }
  return markPaid(trx, setup, row, { intentId, chargeId, amount: intentId ? due : 0 }, job);
}

/** Records a successful capture (from our call, or from the webhook when our call's answer was lost) and pays the mechanic. */
export async function markPaid(
  trx: Tx,
  setup: StripeSetup,
  p: PaymentRow,
  paid: { intentId: string | null; chargeId: string | null; amount: number },
  job?: Job,
): Promise<PaymentRow> {
  const j = job ?? (await jobOf(trx, p.appointmentId));
  const paidAt = new Date();
  let row = await update(trx, p, {
    status: targetOf(PAYMENT_MACHINE, frozen(p) ? 'dispute' : 'pay'),
    chargeIntentId: paid.intentId,
    chargeCents: paid.amount,
    paidAt,
    dueFor: null,
    failureMessage: null,
  });
  await logEvent(trx, p.id, 'charged', paid.amount, null, paid.intentId);
  row = await payout(trx, setup, row, paid.chargeId);
  const what = whatOf(j);
  const deposit = depositInHandCents(row);
  await enqueueEmail(trx, {
    kind: 'payments.receipt',
    to: j.ownerEmail,
    subject: `Receipt: ${formatCents(Number(row.totalCents))} for ${what}`,
    text: [
      `Hi ${j.ownerFirstName},`,
      '',
      `Thank you: ${what} is paid.`,
      `Approved work (quote lines and change orders you approved): ${formatCents(Number(row.totalCents))}`,
      ...(deposit ? [`Parts deposit paid at acceptance: ${formatCents(deposit)}`] : []),
      `Charged to your card today: ${formatCents(paid.amount)}`,
      `Paid on ${timeInZone(zoneOfJob(j), paidAt)}.`,
      '',
      'The invoice (lines, change orders, deposit, totals) is in your Documents, next to the signed logbook entry.',
    ].join('\n'),
  });
  await enqueueEmail(trx, {
    kind: 'payments.payout',
    to: j.mechanicEmail,
    subject: `Payout: ${formatCents(Number(row.payoutCents))} for ${what}`,
    text: [
      `Hi ${j.mechanicFirstName},`,
      '',
      `The owner paid ${formatCents(Number(row.totalCents))} for ${what}.`,
      `Platform fee: ${formatCents(Number(row.feeCents))}`,
      `Your payout: ${formatCents(Number(row.payoutCents))}${deposit ? ` (of which the parts deposit, ${formatCents(deposit)}, was sent when the job started)` : ''}.`,
      frozen(row)
        ? 'A dispute is open on this payment: the payout is held until it is resolved.'
        : 'Stripe pays it out to your bank on your payout schedule.',
    ].join('\n'),
  });
  return row;
}

/** A new card was saved (the hosted page, or its webhook): kept, and whatever was due is charged again. */
export async function applySavedCard(
  trx: Tx,
  setup: StripeSetup,
  p: PaymentRow,
  paymentMethodId: string,
): Promise<PaymentRow> {
  if (p.paymentMethodId === paymentMethodId) return p; // this card was already applied (page return and webhook both report it)
  let row = await update(trx, p, { paymentMethodId, failureMessage: null });
  await logEvent(trx, p.id, 'card_saved', 0, null, paymentMethodId);
  if (row.status === 'card_needed') {
    if (row.depositState === 'due' && Number(row.depositCents) >= STRIPE_MINIMUM_CENTS)
      return chargeDeposit(trx, setup, row);
    row = await update(trx, row, { status: targetOf(PAYMENT_MACHINE, 'saveCard') });
    return row;
  }
  if (row.status === 'payment_due') return retryDue(trx, setup, row);
  return row;
}

/** Charges again what is due (a new attempt: a new Idempotency-Key). */
export async function retryDue(trx: Tx, setup: StripeSetup, p: PaymentRow): Promise<PaymentRow> {
  const row = await update(trx, p, { captureAttempt: p.captureAttempt + 1 });
  return row.dueFor === 'deposit' ? chargeDeposit(trx, setup, row) : capture(trx, setup, row);
}
