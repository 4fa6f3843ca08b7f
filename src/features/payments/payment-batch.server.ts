import type { PaymentBatch } from '../../contract/payment-batch.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import { stripeSetup } from './stripe.server.ts';
import { depositKept, type PaymentRow } from './money.server.ts';
import { notApplicable, paymentView, toView } from './payment-view.server.ts';

/** A payment a read brings up to date (a card saved on the hosted page, a capture, an invoice a failed hook left). */
const healing = (p: PaymentRow) =>
  ['card_needed', 'payment_due', 'card_saved', 'deposit_paid'].includes(p.status) ||
  (p.paidAt !== null && !p.receiptDocumentId);

/**
 * The payments of several appointments in two queries (docs/decisions/0204): the appointment
 * cards ask once for all of them instead of once each. A payment still in motion goes through the
 * single read's path (it may ask Stripe, as that read does), only when payments are configured; a
 * settled one, or none, is answered from the rows. Appointments the caller may not see are left out.
 */
export async function paymentViews(
  db: Db,
  user: UserRow,
  ids: readonly string[],
  origin: string,
): Promise<PaymentBatch> {
  let visible = db
    .selectFrom('appointments as a')
    .innerJoin('users as m', 'm.id', 'a.mechanicId')
    .select(['a.id', 'a.confirmedAt', 'm.mechanicStatus'])
    .where('a.id', 'in', [...ids]);
  if (user.role !== 'admin')
    visible = visible.where((eb) => eb.or([eb('a.customerId', '=', user.id), eb('a.mechanicId', '=', user.id)]));
  const appointments = await visible.execute();
  if (appointments.length === 0) return {};
  const payments = await db
    .selectFrom('payments')
    .selectAll()
    .where(
      'appointmentId',
      'in',
      appointments.map((a) => a.id),
    )
    .execute();
  const setup = payments.some(healing) ? await stripeSetup(db) : null;
  const answer: PaymentBatch = {};
  for (const a of appointments) {
    const p = payments.find((x) => x.appointmentId === a.id);
    if (!p) answer[a.id] = notApplicable();
    else if (setup && healing(p)) answer[a.id] = await paymentView(db, user, a.id, origin);
    else answer[a.id] = toView(p, user.id === p.ownerId, depositKept({ ...a, cancelledBy: 'owner' }));
  }
  return answer;
}
