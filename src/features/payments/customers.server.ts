import Stripe from 'stripe';
import type { Db } from '../../server/db/client.ts';
import type { StripeSetup } from './stripe.server.ts';

/**
 * One Stripe Customer per owner (docs/decisions/0166), reused by every appointment they pay: the
 * cards they save gather under one customer in the Stripe dashboard, receipts and disputes find
 * one person, and the Customer is created once (`customer:<userId>`), not at every acceptance.
 */
export async function customerOf(db: Db, setup: StripeSetup, ownerId: string): Promise<string> {
  const row = await db
    .selectFrom('stripeCustomers')
    .select('customerId')
    .where('userId', '=', ownerId)
    .executeTakeFirst();
  return row?.customerId ?? create(db, setup, ownerId, null);
}

/**
 * The stored Customer is unknown to Stripe (deleted in the dashboard, or the console now holds the
 * keys of another account or mode): a new one replaces it. The key names the one replaced, so two
 * callers replacing the same Customer at once get the same new one.
 */
export async function replaceCustomer(db: Db, setup: StripeSetup, ownerId: string, missing: string): Promise<string> {
  return create(db, setup, ownerId, missing);
}

async function create(db: Db, setup: StripeSetup, ownerId: string, replacing: string | null): Promise<string> {
  const owner = await db
    .selectFrom('users')
    .select(['email', 'firstName', 'lastName'])
    .where('id', '=', ownerId)
    .executeTakeFirstOrThrow();
  const customer = await setup.stripe.customers.create(
    { email: owner.email, name: `${owner.firstName} ${owner.lastName}`.trim(), metadata: { userId: ownerId } },
    { idempotencyKey: replacing ? `customer:${ownerId}:after:${replacing}` : `customer:${ownerId}` },
  );
  if (replacing) {
    await db
      .updateTable('stripeCustomers')
      .set({ customerId: customer.id, updatedAt: new Date() })
      .where('userId', '=', ownerId)
      .where('customerId', '=', replacing)
      .execute();
  } else {
    // Two acceptances at once: the same key gave both the same Customer; the first row stands.
    await db
      .insertInto('stripeCustomers')
      .values({ userId: ownerId, customerId: customer.id })
      .onConflict((oc) => oc.column('userId').doNothing())
      .execute();
  }
  const row = await db
    .selectFrom('stripeCustomers')
    .select('customerId')
    .where('userId', '=', ownerId)
    .executeTakeFirstOrThrow();
  return row.customerId;
}

/** Stripe's answer when a request names a Customer it does not know. */
export function isMissingCustomer(error: unknown, customerId: string): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    error.code === 'resource_missing' &&
    (error.param === 'customer' || (error.message ?? '').includes(customerId))
  );
}
