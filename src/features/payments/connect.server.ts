import { CONNECT_MESSAGES, type ConnectStatus, type ConnectView } from '../../contract/payments.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import { forbidden, HttpError } from '../../server/http/errors.ts';
import { paymentSettings } from './amounts.server.ts';
import { stripeSetup, type StripeSetup } from './stripe.server.ts';

/** What Stripe says of a connected account, as the Profile shows it. */
export const connectStatusOf = (
  row: { chargesEnabled: boolean; payoutsEnabled: boolean } | undefined,
): ConnectStatus => (!row ? 'none' : row.chargesEnabled && row.payoutsEnabled ? 'ready' : 'pending');

export const paymentsUnavailable = () =>
  new HttpError(503, 'Payments are not configured: an administrator adds a Stripe key in System Config, API Keys');

export async function requireStripe(db: Db): Promise<StripeSetup> {
  const setup = await stripeSetup(db);
  if (!setup) throw paymentsUnavailable();
  return setup;
}

/** Stripe's flags onto our row; `created` (an event's) keeps an older event from overwriting a newer state. */
export async function applyAccount(
  db: Db,
  account: { id: string; charges_enabled?: boolean; payouts_enabled?: boolean; details_submitted?: boolean },
  created: number,
): Promise<void> {
  await db
    .updateTable('connectedAccounts')
    .set({
      chargesEnabled: account.charges_enabled === true,
      payoutsEnabled: account.payouts_enabled === true,
      detailsSubmitted: account.details_submitted === true,
      eventCreated: created,
      updatedAt: new Date(),
    })
    .where('accountId', '=', account.id)
    .where('eventCreated', '<=', String(created))
    .execute();
}

/**
 * GET /api/payments/connect: the mechanic's payouts. An account not yet ready is re-read from
 * Stripe (the mechanic is back from onboarding; the webhook may not have arrived yet).
 */
export async function connectView(db: Db, mechanic: UserRow): Promise<ConnectView> {
  let row = await db.selectFrom('connectedAccounts').selectAll().where('userId', '=', mechanic.id).executeTakeFirst();
  if (row && connectStatusOf(row) !== 'ready') {
    const setup = await stripeSetup(db);
    if (setup) {
      try {
        const account = await setup.stripe.accounts.retrieve(row.accountId);
        const userId = row.userId;
        // The read's own time: any event created before it is older than what we now know.
        await applyAccount(db, account, Math.floor(Date.now() / 1000));
        row = await db.selectFrom('connectedAccounts').selectAll().where('userId', '=', userId).executeTakeFirst();
      } catch (error) {
        console.warn(`Re-reading the connected account of ${mechanic.id} failed; showing the stored status`, error);
      }
    }
  }
  const settings = await paymentSettings(db);
  return {
    status: connectStatusOf(row),
    chargesEnabled: row?.chargesEnabled ?? false,
    payoutsEnabled: row?.payoutsEnabled ?? false,
    defaultDepositPercent: settings.depositPercent,
  };
}

/**
 * POST /api/payments/connect: the Express account (made once per mechanic: the Idempotency-Key is
 * `account:<userId>`, and the row's primary key is the user) and a fresh onboarding link.
 */
export async function startOnboarding(db: Db, mechanic: UserRow, origin: string): Promise<{ url: string }> {
  // A payout account is for a mechanic the business has vetted (docs/decisions/0093): a pending or
  // rejected one could otherwise set up to be paid before anyone checked their certificate.
  if (mechanic.mechanicStatus !== 'approved') throw forbidden(CONNECT_MESSAGES.notApproved);
  const { stripe } = await requireStripe(db);
  let row = await db.selectFrom('connectedAccounts').selectAll().where('userId', '=', mechanic.id).executeTakeFirst();
  if (!row) {
    const account = await stripe.accounts.create(
      {
        type: 'express',
        country: 'US',
        email: mechanic.email,
        business_type: 'individual',
        capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
        metadata: { userId: mechanic.id },
      },
      { idempotencyKey: `account:${mechanic.id}` },
    );
    await db
      .insertInto('connectedAccounts')
      .values({ userId: mechanic.id, accountId: account.id, eventCreated: 0 })
      .onConflict((oc) => oc.column('userId').doNothing())
      .execute();
    row = await db
      .selectFrom('connectedAccounts')
      .selectAll()
      .where('userId', '=', mechanic.id)
      .executeTakeFirstOrThrow();
  }
  const back = `${origin}/dashboard?section=profile&payouts=`;
  // A link is single-use and short-lived; two clicks within the same minute get the same one.
  const minute = Math.floor(Date.now() / 60_000);
  const link = await stripe.accountLinks.create(
    { account: row.accountId, refresh_url: `${back}refresh`, return_url: `${back}return`, type: 'account_onboarding' },
    { idempotencyKey: `account-link:${row.accountId}:${minute}` },
  );
  return { url: link.url };
}
