import { PAYMENT_MACHINE, can } from '../../contract/machines.ts';
import { transition } from '../../server/http/transition.ts';
import { fullName } from '../marketplace/mappers.server.ts';
import { notify } from '../marketplace/notifications.server.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db, Tx } from '../../server/db/client.ts';
import { conflict, forbidden, notFound } from '../../server/http/errors.ts';
import { isUuid } from '../../contract/ids.ts';
import { approvedCentsOf, feeCentsOf, paymentSettings } from './amounts.server.ts';
import {
  SAVED_CARD_TEXT,
  depositCentsFor,
  type AcceptPayment,
  type PaymentView,
  type SavedCard,
} from '../../contract/payments.ts';
import { connectStatusOf } from './connect.server.ts';
import { fileInvoice } from './receipt.server.ts';
import {
  applySavedCard,
  capture,
  depositKept,
  entrySigned,
  logEvent,
  releaseDeposit,
  retryDue,
  settleCancellation,
  withPayment,
  type PaymentRow,
} from './money.server.ts';
import { stripeSetup, type StripeSetup } from './stripe.server.ts';
import { customerOf, isMissingCustomer, replaceCustomer } from './customers.server.ts';

/**
 * Where payments hook into the job's life: one call per event (accept, card saved, start,
 * completion or signature, cancellation), each after the job's own change has committed, so a
 * Stripe problem never undoes the job; reads heal what a failed hook left undone.
 */

/**
 * The payment terms of a new job, in the transaction that creates it (src/features/jobs/create-job.server.ts):
 * when the mechanic's payouts are ready and payments are configured, the job's payment row, with
 * the deposit its approved parts call for. Null: the job is paid outside Skyward, as before payments.
 */
export async function writePaymentTerms(trx: Tx, appointmentId: string): Promise<{ depositCents: number } | null> {
  const a = await trx
    .selectFrom('appointments as a')
    .innerJoin('bids as b', 'b.id', 'a.bidId')
    .select(['a.id', 'a.bidId', 'a.customerId', 'a.mechanicId', 'b.depositPercent'])
    .where('a.id', '=', appointmentId)
    .executeTakeFirstOrThrow();
  const account = await trx
    .selectFrom('connectedAccounts')
    .selectAll()
    .where('userId', '=', a.mechanicId)
    .executeTakeFirst();
  if (!account || connectStatusOf(account) !== 'ready') return null;
  if (!(await stripeSetup(trx))) return null;
  const { partsCents } = await approvedCentsOf(trx, a.bidId);
  const depositCents = depositCentsFor(partsCents, a.depositPercent);
  await trx
    .insertInto('payments')
    .values({
      appointmentId,
      ownerId: a.customerId,
      mechanicId: a.mechanicId,
      accountId: account.accountId,
      depositPercent: a.depositPercent,
      depositCents,
      depositState: depositCents > 0 ? 'due' : 'none',
    })
    .onConflict((oc) => oc.column('appointmentId').doNothing())
    .execute();
  return { depositCents };
}

/** After the job's creation committed: the hosted page where the owner saves a card (a Stripe call, so outside the transaction). */
export async function openPaymentOnAccept(
  db: Db,
  appointmentId: string,
  origin: string,
): Promise<AcceptPayment | null> {
  const p = await db.selectFrom('payments').selectAll().where('appointmentId', '=', appointmentId).executeTakeFirst();
  if (!p || p.status !== 'card_needed') return null;
  const setup = await stripeSetup(db);
  if (!setup) return null;
  const setupUrl = await ensureCardPage(db, setup, p, origin);
  const saved = await savedCardOfOwner(db, setup, p.ownerId);
  return {
    setupUrl,
    depositCents: Number(p.depositCents),
    ...(saved ? { savedCard: { brand: saved.brand, last4: saved.last4 } } : {}),
  };
}

/**
 * The card the owner saved with Stripe on an earlier job (docs/decisions/0463): the newest card
 * PaymentMethod attached to the owner's one Customer, as Stripe lists it. Nothing about the card
 * is kept here beyond its id on the payment that uses it; brand and last 4 are read from Stripe
 * each time. Null when the owner has no Customer yet, or Stripe no longer knows it.
 */
export async function savedCardOf(
  setup: StripeSetup,
  customerId: string,
): Promise<(SavedCard & { id: string }) | null> {
  try {
    const list = await setup.stripe.paymentMethods.list({ customer: customerId, type: 'card', limit: 1 });
    const pm = list.data[0];
    return pm?.card ? { id: pm.id, brand: pm.card.brand, last4: pm.card.last4 } : null;
  } catch (error) {
    if (isMissingCustomer(error, customerId)) return null;
    throw error;
  }
}

async function savedCardOfOwner(db: Db, setup: StripeSetup, ownerId: string) {
  const row = await db
    .selectFrom('stripeCustomers')
    .select('customerId')
    .where('userId', '=', ownerId)
    .executeTakeFirst();
  return row ? savedCardOf(setup, row.customerId) : null;
}

/**
 * The hosted page where the owner saves a card (Checkout in setup mode: a SetupIntent confirmed by
 * Stripe), made once per round: at acceptance, and again after each card failure.
 */
export async function ensureCardPage(db: Db, setup: StripeSetup, p: PaymentRow, origin: string): Promise<string> {
  if (p.payUrl) return p.payUrl;
  // The owner's one Customer (docs/decisions/0166), kept on the payment once chosen.
  const useCustomer = async (customerId: string) => {
    await db.updateTable('payments').set({ customerId, updatedAt: new Date() }).where('id', '=', p.id).execute();
    return customerId;
  };
  let customerId = p.customerId ?? (await useCustomer(await customerOf(db, setup, p.ownerId)));
  const back = `${origin}/dashboard?section=appointments&payment=${p.appointmentId}`;
  const page = (customer: string) =>
    setup.stripe.checkout.sessions.create(
      {
        mode: 'setup',
        customer,
        currency: p.currency,
        success_url: `${back}&session={CHECKOUT_SESSION_ID}`,
        cancel_url: back,
        setup_intent_data: { metadata: { appointmentId: p.appointmentId, paymentId: p.id } },
        metadata: { appointmentId: p.appointmentId, paymentId: p.id },
      },
      // One page per round: at acceptance (card_needed:0), after each failure (payment_due:<attempt>);
      // the Customer is in the key, so a page for a replaced Customer is a new request.
      { idempotencyKey: `card-page:${p.appointmentId}:${p.status}:${p.captureAttempt}:${customer}` },
    );
  const session = await page(customerId).catch(async (error: unknown) => {
    if (!isMissingCustomer(error, customerId)) throw error;
    customerId = await useCustomer(await replaceCustomer(db, setup, p.ownerId, customerId));
    return page(customerId);
  });
  const url = session.url ?? back;
  await db
    .updateTable('payments')
    .set({ setupSessionId: session.id, payUrl: url, updatedAt: new Date() })
    .where('id', '=', p.id)
    .where('payUrl', 'is', null)
    .execute();
  return url;
}

/** A SetupIntent that succeeded for this job (webhook, or the owner back from the hosted page). */
export async function cardSaved(
  db: Db,
  setup: StripeSetup,
  appointmentId: string,
  paymentMethodId: string,
): Promise<void> {
  await withPayment(db, appointmentId, (trx, p) => applySavedCard(trx, setup, p, paymentMethodId));
  await afterMoney(db, appointmentId);
}

/** The owner is back from the hosted page before the webhook: read the session from Stripe. */
async function syncCardPage(db: Db, setup: StripeSetup, p: PaymentRow): Promise<void> {
  if (!p.setupSessionId || !['card_needed', 'payment_due'].includes(p.status)) return;
  const session = await setup.stripe.checkout.sessions.retrieve(p.setupSessionId, { expand: ['setup_intent'] });
  const si = session.setup_intent;
  if (session.status !== 'complete' || !si || typeof si === 'string' || si.status !== 'succeeded') return;
  const pm = typeof si.payment_method === 'string' ? si.payment_method : si.payment_method?.id;
  if (pm) await cardSaved(db, setup, p.appointmentId, pm);
}

/**
 * The job is charged once its logbook entry is signed (a signed entry's job is completed:
 * migration 0039). A job without an entry is not ready: its completion drafts one in the same
 * transaction, so "no entry" means "not completed yet", never "nothing to wait for". `capture`
 * checks again under the payment's lock; this read only saves the lock when there is nothing to do.
 */
async function readyToCapture(db: Db, appointmentId: string): Promise<boolean> {
  return entrySigned(db, appointmentId);
}

/**
 * The completion's share of the payment, in the completion's own transaction (the payment locked
 * after the request and the appointment, the one lock order): the approved total, fee and payout
 * the signature will charge, fixed now that every change order is decided.
 */
export async function paymentOnCompletion(trx: Tx, appointmentId: string): Promise<void> {
  const p = await trx
    .selectFrom('payments')
    .selectAll()
    .where('appointmentId', '=', appointmentId)
    .forUpdate()
    .executeTakeFirst();
  if (!p || p.paidAt) return;
  const job = await trx
    .selectFrom('appointments')
    .select('bidId')
    .where('id', '=', appointmentId)
    .executeTakeFirstOrThrow();
  const { totalCents } = await approvedCentsOf(trx, job.bidId);
  const settings = await paymentSettings(trx);
  const feeCents = feeCentsOf(totalCents, settings.feePercent, settings.feeMinimumCents);
  await trx
    .updateTable('payments')
    .set({ totalCents, feeCents, payoutCents: totalCents - feeCents, updatedAt: new Date() })
    .where('id', '=', p.id)
    .execute();
}

/** Completion or signature: capture when ready. Safe to call any number of times, at once. */
export async function captureIfReady(db: Db, appointmentId: string): Promise<void> {
  const setup = await stripeSetup(db);
  if (!setup || !(await readyToCapture(db, appointmentId))) return;
  await withPayment(db, appointmentId, async (trx, p) =>
    ['card_saved', 'deposit_paid'].includes(p.status) && !p.paidAt ? capture(trx, setup, p) : p,
  );
  await afterMoney(db, appointmentId);
}

/**
 * What a step left owed after its commit, when its own call to Stripe did not happen (a crash, an
 * outage) and nobody has read the payment since: the charge of a signed job, the settlement of a
 * job that ended with its deposit held. The payment row is the durable record of what is owed;
 * this runs it on a schedule (payments-settle), by the same locked steps and Idempotency-Keys as
 * the calls it stands in for, so a step already done is not done twice. A few at a time, oldest first.
 */
export async function settleOwedPayments(db: Db, limit = 25): Promise<{ captured: number; settled: number }> {
  const setup = await stripeSetup(db);
  if (!setup) return { captured: 0, settled: 0 };
  const toCapture = await db
    .selectFrom('payments as p')
    .select('p.appointmentId')
    .where('p.status', 'in', ['card_saved', 'deposit_paid'])
    .where('p.paidAt', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('maintenanceRecords as r')
          .select('r.id')
          .whereRef('r.appointmentId', '=', 'p.appointmentId')
          .where('r.status', 'in', ['signed', 'superseded']),
      ),
    )
    .orderBy('p.updatedAt')
    .limit(limit)
    .execute();
  const toSettle = await db
    .selectFrom('payments as p')
    .innerJoin('appointments as a', 'a.id', 'p.appointmentId')
    .select('p.appointmentId')
    .where('a.status', '=', 'cancelled')
    .where('p.depositState', 'in', ['paid', 'due'])
    .orderBy('p.updatedAt')
    .limit(limit)
    .execute();
  let captured = 0;
  let settled = 0;
  for (const { appointmentId } of toCapture) {
    try {
      await captureIfReady(db, appointmentId);
      captured += 1;
    } catch (error) {
      console.error(`Payments: capturing ${appointmentId} failed; tried again on the next run`, error);
    }
  }
  for (const { appointmentId } of toSettle) {
    try {
      await withPayment(db, appointmentId, (trx, p) => settleCancellation(trx, setup, p));
      settled += 1;
    } catch (error) {
      console.error(`Payments: settling ${appointmentId} failed; tried again on the next run`, error);
    }
  }
  return { captured, settled };
}

/** Work started: the held deposit goes to the mechanic. */
export async function paymentsOnStart(db: Db, appointmentId: string): Promise<void> {
  const setup = await stripeSetup(db);
  if (!setup) return;
  await withPayment(db, appointmentId, (trx, p) => releaseDeposit(trx, setup, p));
}

/** The request was cancelled or re-listed: its appointment's deposit refunded or kept (see settleCancellation). */
export async function paymentsOnCancel(db: Db, serviceRequestId: string): Promise<void> {
  const setup = await stripeSetup(db);
  if (!setup) return;
  const appointments = await db
    .selectFrom('appointments')
    .select('id')
    .where('serviceRequestId', '=', serviceRequestId)
    .where('status', '=', 'cancelled')
    .execute();
  for (const a of appointments) await withPayment(db, a.id, (trx, p) => settleCancellation(trx, setup, p));
}

/** Work after the money moved, outside the lock: the invoice filed in the owner's Documents. */
async function afterMoney(db: Db, appointmentId: string): Promise<void> {
  await fileInvoice(db, appointmentId).catch((e: unknown) =>
    console.error(`Filing the invoice of ${appointmentId} failed; it is filed on the next read`, e),
  );
}

async function paymentFor(db: Db, user: UserRow, appointmentId: string) {
  if (!isUuid(appointmentId)) throw notFound('Appointment not found');
  const a = await db
    .selectFrom('appointments as a')
    .innerJoin('users as m', 'm.id', 'a.mechanicId')
    .select(['a.id', 'a.customerId', 'a.mechanicId', 'a.confirmedAt', 'a.status', 'a.cancelledBy', 'm.mechanicStatus'])
    .where('a.id', '=', appointmentId)
    .executeTakeFirst();
  if (!a || (user.role !== 'admin' && a.customerId !== user.id && a.mechanicId !== user.id))
    throw notFound('Appointment not found');
  return {
    appointment: a,
    payment: await db.selectFrom('payments').selectAll().where('appointmentId', '=', appointmentId).executeTakeFirst(),
  };
}

/** GET /api/appointments/:id/payment (owner, mechanic, admin). Heals on read: a card saved, a capture or an invoice a failed hook left. */
export async function paymentView(db: Db, user: UserRow, appointmentId: string, origin: string): Promise<PaymentView> {
  const found = await paymentFor(db, user, appointmentId);
  const { appointment } = found;
  let p = found.payment;
  if (!p) return notApplicable();
  const setup = await stripeSetup(db);
  if (setup) {
    try {
      // A job that ended with its deposit still held (the settlement after the commit failed) is
      // settled now, by the same rule (docs/decisions/0301).
      if (appointment.status === 'cancelled' && ['paid', 'due'].includes(p.depositState)) {
        await withPayment(db, appointmentId, (trx, row) => settleCancellation(trx, setup, row));
      }
      await syncCardPage(db, setup, p);
      if (['card_saved', 'deposit_paid'].includes(p.status)) await captureIfReady(db, appointmentId);
      else if (p.paidAt && !p.receiptDocumentId) await afterMoney(db, appointmentId);
      p = (await db.selectFrom('payments').selectAll().where('id', '=', p.id).executeTakeFirst()) ?? p;
      if (
        user.id === p.ownerId &&
        appointment.status !== 'cancelled' &&
        ['card_needed', 'payment_due'].includes(p.status) &&
        !p.payUrl
      ) {
        await ensureCardPage(db, setup, p, origin);
        p = (await db.selectFrom('payments').selectAll().where('id', '=', p.id).executeTakeFirst()) ?? p;
      }
    } catch (error) {
      console.warn(`Bringing payment ${p.id} up to date failed; showing what is stored`, error);
    }
  }
  const asksOwner = user.id === p.ownerId && appointment.status !== 'cancelled';
  let savedCard: SavedCard | null = null;
  if (setup && asksOwner && p.status === 'card_needed') {
    const saved = await savedCardOfOwner(db, setup, p.ownerId).catch((error: unknown) => {
      console.warn(`Reading the saved card of payment ${p?.id} failed; only the card page is offered`, error);
      return null;
    });
    savedCard = saved && { brand: saved.brand, last4: saved.last4 };
  }
  // A cancelled job asks for no card: its page, if one was made, is not offered.
  return {
    ...toView(p, asksOwner, depositKept({ ...appointment, cancelledBy: 'owner' })),
    savedCard,
  };
}

export const notApplicable = (): PaymentView => ({
  status: 'not_applicable',
  totalCents: 0,
  depositCents: 0,
  feeCents: 0,
  payoutCents: 0,
  paidAt: null,
  receiptDocumentId: null,
  actionUrl: null,
  failureMessage: null,
  refundedCents: 0,
  depositOnCancel: 'none',
  savedCard: null,
});

/** `keptOnCancel`: whether the owner cancelling now keeps the deposit for the mechanic (depositKept). */
export function toView(p: PaymentRow, owner: boolean, keptOnCancel: boolean): PaymentView {
  return {
    status: p.status,
    totalCents: Number(p.totalCents),
    depositCents: Number(p.depositCents),
    feeCents: Number(p.feeCents),
    payoutCents: Number(p.payoutCents),
    paidAt: p.paidAt ? p.paidAt.toISOString() : null,
    receiptDocumentId: p.receiptDocumentId,
    // Only the owner is sent to the hosted card page.
    actionUrl: owner && ['card_needed', 'payment_due'].includes(p.status) ? p.payUrl : null,
    failureMessage: p.failureMessage,
    refundedCents: Number(p.refundedCents),
    depositOnCancel: p.depositState === 'paid' ? (keptOnCancel ? 'kept' : 'refunded') : 'none',
    savedCard: null,
  };
}

/**
 * POST /api/appointments/:id/payment/saved-card (owner): this job is paid with the card the owner
 * already saved with Stripe instead of a new one on the hosted page. The card is the one Stripe
 * lists for the Customer this job charges, read again under the payment's lock (never an id the
 * browser sends); it is then applied as a card saved on the page would be: the deposit charged,
 * or the job ready to start.
 */
export async function useSavedCard(db: Db, user: UserRow, appointmentId: string, origin: string): Promise<PaymentView> {
  const { appointment, payment } = await paymentFor(db, user, appointmentId);
  if (!payment) throw conflict('This job is not paid through Skyward');
  if (payment.ownerId !== user.id) throw forbidden('Only the aircraft owner can choose the card');
  if (appointment.status === 'cancelled') throw conflict(SAVED_CARD_TEXT.notAsked);
  const setup = await stripeSetup(db);
  if (!setup) throw conflict('Payments are not configured');
  await withPayment(db, appointmentId, async (trx, p) => {
    if (!can(PAYMENT_MACHINE, p.status, 'saveCard') || p.paymentMethodId) throw conflict(SAVED_CARD_TEXT.notAsked);
    const customerId = p.customerId ?? (await customerOf(trx, setup, p.ownerId));
    const saved = await savedCardOf(setup, customerId);
    if (!saved) throw conflict(SAVED_CARD_TEXT.none);
    const row =
      p.customerId === customerId
        ? p
        : await trx
            .updateTable('payments')
            .set({ customerId, updatedAt: new Date() })
            .where('id', '=', p.id)
            .returningAll()
            .executeTakeFirstOrThrow();
    return applySavedCard(trx, setup, row, saved.id);
  });
  await afterMoney(db, appointmentId);
  return paymentView(db, user, appointmentId, origin);
}

/** POST /api/appointments/:id/payment/retry (owner): charges again what is due on the saved card. */
export async function retryPayment(db: Db, user: UserRow, appointmentId: string, origin: string): Promise<PaymentView> {
  const { payment } = await paymentFor(db, user, appointmentId);
  if (!payment) throw conflict('This job is not paid through Skyward');
  if (payment.ownerId !== user.id) throw forbidden('Only the aircraft owner can retry the payment');
  const setup = await stripeSetup(db);
  if (!setup) throw conflict('Payments are not configured');
  await withPayment(db, appointmentId, async (trx, p) => {
    if (p.status !== 'payment_due') throw conflict('Nothing is due on this job');
    return retryDue(trx, setup, p);
  });
  await afterMoney(db, appointmentId);
  return paymentView(db, user, appointmentId, origin);
}

/**
 * POST /api/appointments/:id/payment/outside (the job's mechanic): the owner could not save a
 * working card and paid another way. Only while nothing was charged through Skyward (the payment
 * machine's `payOutside`); the job can then start, and every screen says "paid outside Skyward".
 */
export async function markPaidOutside(
  db: Db,
  user: UserRow,
  appointmentId: string,
  origin: string,
): Promise<PaymentView> {
  const { payment } = await paymentFor(db, user, appointmentId);
  if (!payment) throw conflict('This job is not paid through Skyward');
  if (payment.mechanicId !== user.id) throw forbidden('Only the job’s mechanic can mark it paid outside Skyward');
  await withPayment(db, appointmentId, async (trx, p) => {
    const status = transition(PAYMENT_MACHINE, p.status, 'payOutside');
    const now = new Date();
    await trx
      .updateTable('payments')
      .set({
        status,
        paidOutsideAt: now,
        paidOutsideBy: user.id,
        // Nothing is asked of the owner any more: a deposit not charged is not due.
        depositState: p.depositState === 'due' ? 'none' : p.depositState,
        dueFor: null,
        payUrl: null,
        setupSessionId: null,
        failureMessage: null,
        updatedAt: now,
      })
      .where('id', '=', p.id)
      .execute();
    await logEvent(trx, p.id, 'paid_outside', 0, 'Marked paid outside Skyward by the mechanic', null, user.id);
    await notify(trx, [p.ownerId], {
      type: 'payment.paid_outside',
      title: 'Marked paid outside Skyward',
      message: `${fullName(user)} marked the job paid outside Skyward: no card is asked for and nothing will be charged through Skyward.`,
      link: 'appointments',
    });
  });
  return paymentView(db, user, appointmentId, origin);
}

/**
 * The job cannot go on without a working card (its mechanic tried to start, or an administrator
 * assigned it): the owner is asked again, in the dashboard and by email, with the way to save one.
 */
export async function askOwnerForCard(db: Db, appointmentId: string, why: string): Promise<void> {
  const p = await db
    .selectFrom('payments as p')
    .innerJoin('appointments as a', 'a.id', 'p.appointmentId')
    .innerJoin('serviceRequests as r', 'r.id', 'a.serviceRequestId')
    .select(['p.ownerId', 'p.status', 'r.aircraftTailNumber'])
    .where('p.appointmentId', '=', appointmentId)
    .executeTakeFirst();
  if (!p || can(PAYMENT_MACHINE, p.status, 'startWork')) return;
  await notify(db, [p.ownerId], {
    type: 'payment.card_needed',
    title: 'Save a card for your job',
    message: `${why} The job on ${p.aircraftTailNumber} is paid through Skyward: open Appointments and choose "Save a card" so work can start.`,
    link: 'appointments',
    itemId: appointmentId,
    validWhile: { rule: 'card_needed', aboutId: appointmentId },
  });
}
