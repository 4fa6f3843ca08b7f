import type { Selectable, Updateable } from 'kysely';
import type Stripe from 'stripe';
import { PAYMENT_MACHINE, targetOf } from '../../contract/machines.ts';
import { MARKETPLACE_SERVICE_TYPES } from '../../contract/marketplace.ts';
import { labelOf } from '../../contract/options.ts';
import { STRIPE_MINIMUM_CENTS, depositInHandCents, formatCents } from '../../contract/payments.ts';
import type { Db, Tx } from '../../server/db/client.ts';
import { transition } from '../../server/http/transition.ts';
import type { PaymentsTable } from '../../server/db/tables/payments.ts';
import { notify } from '../marketplace/notifications.server.ts';
import { enqueueEmail } from '../messaging/outbox.server.ts';
import { approvedCentsOf, feeCentsOf, paymentSettings } from './amounts.server.ts';
import { aircraftZone, timeInZone } from '../marketplace/geo/airport-day.ts';
import { mechanicShareOf, REVERSAL_KIND, sentToMechanic } from './mechanic-share.server.ts';
import { cardProblem, type StripeSetup } from './stripe.server.ts';

/**
 * The money steps of a job's payment (docs/decisions/0230). Each runs inside `withPayment`: the
 * payment row locked, its state re-checked, Stripe called with an Idempotency-Key derived from the
 * purpose, the result written before the lock is released. Ten callers at once make one charge.
 */
export type PaymentRow = Selectable<PaymentsTable>;

export const transferGroupOf = (appointmentId: string) => `appt_${appointmentId}`;

/**
 * Whether the job's logbook entry is signed (a superseded entry was signed too). Read under the
 * payment's lock by every step that charges the job or pays its mechanic, before Stripe is
 * called; migration 0039 refuses to record a charge or a payout without one whatever the caller
 * (docs/decisions/0301). Its share lock lasts until a caller's transaction ends; on the pool it
 * is the plain pre-check that spares taking the payment's lock when there is nothing to do.
 */
export async function entrySigned(db: Db, appointmentId: string): Promise<boolean> {
  const signed = await db
    .selectFrom('maintenanceRecords')
    .select('id')
    .where('appointmentId', '=', appointmentId)
    .where('status', 'in', ['signed', 'superseded'])
    .limit(1)
    .forShare()
    .executeTakeFirst();
  return signed !== undefined;
}

/**
 * The deposit's fate when a job ends before work starts (docs/decisions/0301): kept (sent to the
 * mechanic, who ordered the parts) only when the owner cancelled after the mechanic confirmed and
 * that mechanic is still approved; refunded to the owner in every other ending (before
 * confirmation, the mechanic cancelled, the mechanic was rejected, the job was re-listed).
 */
export function depositKept(job: {
  cancelledBy: string | null;
  confirmedAt: Date | null;
  mechanicStatus: string | null;
}): boolean {
  return job.cancelledBy === 'owner' && job.confirmedAt !== null && job.mechanicStatus === 'approved';
}

/** A dispute that is open (or lost) freezes every payout of the job. */
export const frozen = (p: Pick<PaymentRow, 'disputeId' | 'disputeStatus'>) =>
  p.disputeId !== null && p.disputeStatus !== 'won';

export async function withPayment<T>(
  db: Db,
  appointmentId: string,
  fn: (trx: Tx, p: PaymentRow) => Promise<T>,
): Promise<T | null> {
  return db.transaction().execute(async (trx) => {
    const p = await trx
      .selectFrom('payments')
      .selectAll()
      .where('appointmentId', '=', appointmentId)
      .forUpdate()
      .executeTakeFirst();
    return p ? fn(trx, p) : null;
  });
}

export async function logEvent(
  db: Db,
  paymentId: string,
  kind: string,
  amountCents: number,
  detail: string | null,
  stripeId: string | null = null,
  actorId: string | null = null,
) {
  await db.insertInto('paymentEvents').values({ paymentId, kind, amountCents, detail, stripeId, actorId }).execute();
}

async function update(trx: Tx, p: PaymentRow, patch: Updateable<PaymentsTable>): Promise<PaymentRow> {
  return trx
    .updateTable('payments')
    .set({ ...patch, updatedAt: new Date() })
    .where('id', '=', p.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function jobOf(db: Db, appointmentId: string) {
  return db
    .selectFrom('appointments as a')
    .innerJoin('serviceRequests as r', 'r.id', 'a.serviceRequestId')
    .innerJoin('users as o', 'o.id', 'a.customerId')
    .innerJoin('users as m', 'm.id', 'a.mechanicId')
    .leftJoin('aircraft as p', 'p.id', 'r.aircraftId')
    .select([
      'p.homeAirport',
      'r.aircraftLocation',
      'a.id',
      'a.bidId',
      'a.status',
      'a.confirmedAt',
      'a.cancelledBy',
      'a.serviceRequestId',
      'm.mechanicStatus',
      'r.serviceType',
      'r.aircraftTailNumber',
      'r.aircraftId',
      'o.email as ownerEmail',
      'o.firstName as ownerFirstName',
      'm.email as mechanicEmail',
      'm.firstName as mechanicFirstName',
      'm.lastName as mechanicLastName',
    ])
    .where('a.id', '=', appointmentId)
    .executeTakeFirstOrThrow();
}
export type Job = Awaited<ReturnType<typeof jobOf>>;

/** The zone that names a job's times in emails: the aircraft's airport's, as its records are dated. */
export const zoneOfJob = (job: Pick<Job, 'homeAirport' | 'aircraftLocation'>) =>
  aircraftZone(job.homeAirport, job.aircraftLocation);
export { jobOf };

export const whatOf = (job: Job) =>
  `the ${labelOf(MARKETPLACE_SERVICE_TYPES, job.serviceType)} on ${job.aircraftTailNumber}`;

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
