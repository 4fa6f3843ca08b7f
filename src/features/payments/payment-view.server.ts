import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import { notFound } from '../../server/http/errors.ts';
import { isUuid } from '../../contract/ids.ts';
import type { PaymentView, SavedCard } from '../../contract/payments.ts';
import { depositKept, withPayment, type PaymentRow } from './money.server.ts';
import { settleCancellation } from './settle-cancellation.server.ts';
import { stripeSetup, type StripeSetup } from './stripe.server.ts';
import { savedCardOfOwner, ensureCardPage } from './card-page.server.ts';
import { cardSaved, captureIfReady, afterMoney } from './payments.server.ts';

/** A job's payment as its owner, mechanic or an administrator sees it, brought up to date on read. */

/** The owner is back from the hosted page before the webhook: read the session from Stripe. */
async function syncCardPage(db: Db, setup: StripeSetup, p: PaymentRow): Promise<void> {
  if (!p.setupSessionId || !['card_needed', 'payment_due'].includes(p.status)) return;
  const session = await setup.stripe.checkout.sessions.retrieve(p.setupSessionId, { expand: ['setup_intent'] });
  const si = session.setup_intent;
  if (session.status !== 'complete' || !si || typeof si === 'string' || si.status !== 'succeeded') return;
  const pm = typeof si.payment_method === 'string' ? si.payment_method : si.payment_method?.id;
  if (pm) await cardSaved(db, setup, p.appointmentId, pm);
}

export async function paymentFor(db: Db, user: UserRow, appointmentId: string) {
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
