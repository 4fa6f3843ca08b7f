import type { Db } from '../../server/db/client.ts';
import type { SavedCard } from '../../contract/payments.ts';
import type { PaymentRow } from './money.server.ts';
import type { StripeSetup } from './stripe.server.ts';
import { customerOf, isMissingCustomer, replaceCustomer } from './customers.server.ts';

/**
 * The owner's card: the one saved with Stripe on an earlier job, and the hosted page where a new
 * one is saved.
 */

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

export async function savedCardOfOwner(db: Db, setup: StripeSetup, ownerId: string) {
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
