import { PAYMENT_MACHINE, can } from '../../contract/machines.ts';
import { notify } from '../marketplace/notifications.server.ts';
import type { Db } from '../../server/db/client.ts';
import type { AcceptPayment } from '../../contract/payments.ts';
import { fileInvoice } from './receipt.server.ts';
import { applySavedCard, capture } from './owner-charges.server.ts';
import { entrySigned, withPayment } from './money.server.ts';
import { releaseDeposit } from './mechanic-transfers.server.ts';
import { settleCancellation } from './settle-cancellation.server.ts';
import { stripeSetup, type StripeSetup } from './stripe.server.ts';
import { savedCardOfOwner, ensureCardPage } from './card-page.server.ts';

/**
 * Where payments hook into the job's life: one call per event (accept, card saved, start,
 * completion or signature, cancellation), each after the job's own change has committed, so a
 * Stripe problem never undoes the job; reads heal what a failed hook left undone.
 */

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

/**
 * The job is charged once its logbook entry is signed (a signed entry's job is completed:
 * migration 0039). A job without an entry is not ready: its completion drafts one in the same
 * transaction, so "no entry" means "not completed yet", never "nothing to wait for". `capture`
 * checks again under the payment's lock; this read only saves the lock when there is nothing to do.
 */
async function readyToCapture(db: Db, appointmentId: string): Promise<boolean> {
  return entrySigned(db, appointmentId);
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
export async function afterMoney(db: Db, appointmentId: string): Promise<void> {
  await fileInvoice(db, appointmentId).catch((e: unknown) =>
    console.error(`Filing the invoice of ${appointmentId} failed; it is filed on the next read`, e),
  );
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
