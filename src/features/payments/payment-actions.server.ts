import { PAYMENT_MACHINE, can } from '../../contract/machines.ts';
import { transition } from '../../server/http/transition.ts';
import { fullName } from '../../server/db/full-name.ts';
import { notify } from '../marketplace/notifications.server.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import { conflict, forbidden } from '../../server/http/errors.ts';
import { SAVED_CARD_TEXT, type PaymentView } from '../../contract/payments.ts';
import { applySavedCard, retryDue } from './owner-charges.server.ts';
import { logEvent, withPayment } from './money.server.ts';
import { stripeSetup } from './stripe.server.ts';
import { customerOf } from './customers.server.ts';
import { savedCardOf } from './card-page.server.ts';
import { paymentFor, paymentView } from './payment-view.server.ts';
import { afterMoney } from './payments.server.ts';

/** What the owner or the mechanic does to a job's payment: the saved card, a retry, paid outside Skyward. */

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
