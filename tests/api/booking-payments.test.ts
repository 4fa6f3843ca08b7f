import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandin, type StripeStandin } from '../../scripts/lib/stripe-standin.ts';
import type { Db } from '../../src/server/db/client.ts';
import { bookableMechanic, openStartsOf, ownerWithPlane } from '../helpers/booking.ts';
import { useIsolatedDatabase } from '../helpers/isolated-db.ts';
import { uniqueTail } from '../helpers/marketplace.ts';
import type { TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';

// Confirming a booking where payments are on saves the owner's card as accepting a quote does
// (Checkout in setup mode, docs/decisions/0230), through the local Stripe stand-in. Its own
// database: the Stripe key is global.

let db: Db;
let stripe: StripeStandin;

beforeAll(async () => {
  db = await useIsolatedDatabase();
  stripe = await startStripeStandin();
  process.env['LOCAL_STRIPE_STANDIN_URL'] = stripe.url;
  process.env['LOCAL_STRIPE_STANDIN_KEY'] = stripe.secretKey;
  process.env['LOCAL_STRIPE_STANDIN_WEBHOOK_SECRET'] = stripe.webhookSecret;
});

afterAll(async () => {
  await stripe.close();
  await db.destroy();
});

async function makePayable(mechanic: TestUser): Promise<void> {
  expect((await callRoute(ROUTES.paymentsConnectStart, { as: mechanic })).status).toBe(200);
  const { accountId } = await db
    .selectFrom('connectedAccounts')
    .select('accountId')
    .where('userId', '=', mechanic.id)
    .executeTakeFirstOrThrow();
  await stripe.completeOnboarding(accountId);
  expect((await callRoute(ROUTES.paymentsConnect, { as: mechanic })).body.status).toBe('ready');
}

async function confirmBooking(airport: string, payable: boolean, plane?: { owner: TestUser; aircraftId: string }) {
  const mechanic = await bookableMechanic(airport);
  if (payable) await makePayable(mechanic);
  const { owner, aircraftId } = plane ?? (await ownerWithPlane(airport));
  const offers = await callRoute(ROUTES.bookingOffers, {
    query: { aircraftId: aircraftId, serviceType: 'annual_inspection' },
    as: owner,
  });
  expect(offers.body.find((o: { mechanicId: string }) => o.mechanicId === mechanic.id)!.payable).toBe(payable);
  const [start] = await openStartsOf(owner, aircraftId, mechanic.id, 8);
  const held = await callRoute(ROUTES.bookingHold, {
    body: { mechanicId: mechanic.id, aircraftId, serviceType: 'annual_inspection', start: start! },
    as: owner,
  });
  const confirmed = await callRoute(ROUTES.bookingHoldConfirm, { params: { id: held.body.id }, as: owner });
  expect(confirmed.status, confirmed.text).toBe(201);
  return { owner, mechanic, held, confirmed };
}

describe('confirming a booking with payments on', () => {
  it('answers the hosted card page, and the card saved there is the job’s card for the charge at completion', async () => {
    const { owner, held, confirmed } = await confirmBooking('KATY', true);
    expect(confirmed.body.status).toBe('confirmed');
    expect(confirmed.body.payment).toEqual({
      setupUrl: expect.stringMatching(/\/hosted\/checkout\/cs_test_/),
      depositCents: 0,
    });
    const session = [...stripe.objects.values()].find(
      (o) =>
        o.object === 'checkout.session' &&
        (o['metadata'] as Record<string, string>)?.['appointmentId'] === confirmed.body.id,
    );
    expect(session).toMatchObject({ mode: 'setup' });
    const before = await callRoute(ROUTES.appointmentPayment, { params: { id: confirmed.body.id }, as: owner });
    expect(before.body).toMatchObject({ status: 'card_needed', depositCents: 0 });
    const result = await stripe.submitCard(confirmed.body.payment!.setupUrl.split('/').pop()!, '4242 4242 4242 4242');
    expect(result.ok, result.message).toBe(true);
    const after = await callRoute(ROUTES.appointmentPayment, { params: { id: confirmed.body.id }, as: owner });
    expect(after.body.status).not.toBe('card_needed');
    expect(after.body.actionUrl).toBeNull();
    // A second click on Confirm answers the same appointment and opens no second card page.
    const again = await callRoute(ROUTES.bookingHoldConfirm, { params: { id: held.body.id }, as: owner });
    expect(again.status).toBe(200);
    expect(
      [...stripe.objects.values()].filter(
        (o) =>
          o.object === 'checkout.session' &&
          (o['metadata'] as Record<string, string>)?.['appointmentId'] === confirmed.body.id,
      ),
    ).toHaveLength(1);
  });

  it('books without payments where the mechanic takes none', async () => {
    const { confirmed } = await confirmBooking('KHON', false);
    expect(confirmed.body.status).toBe('confirmed');
    expect(confirmed.body.payment).toBeUndefined();
  });
});

describe('an owner who already saved a card', () => {
  it('is offered "card ending 4242" (brand and last 4 from Stripe) on the next booking, and paying with it works', async () => {
    const first = await confirmBooking('KSLC', true);
    const sessionId = first.confirmed.body.payment!.setupUrl.split('/').pop()!;
    expect((await stripe.submitCard(sessionId, '4242 4242 4242 4242')).ok).toBe(true);
    const firstView = await callRoute(ROUTES.appointmentPayment, {
      params: { id: first.confirmed.body.id },
      as: first.owner,
    });
    expect(firstView.body.status).toBe('card_saved');
    // The first job asked for no saved card: there was none.
    expect(first.confirmed.body.payment!.savedCard).toBeUndefined();

    const owner = first.owner;
    const plane = await callRoute(ROUTES.aircraftAdd, {
      body: {
        tailNumber: uniqueTail(),
        make: 'Piper',
        model: 'PA-28',
        year: '1979',
        totalHours: '4100',
        homeAirport: 'KSLC',
      },
      as: owner,
    });
    expect(plane.status, plane.text).toBe(201);
    const aircraftId = plane.body.id as string;
    const second = await confirmBooking('KSLC', true, { owner, aircraftId });
    expect(second.confirmed.body.payment).toMatchObject({
      setupUrl: expect.stringMatching(/\/hosted\/checkout\/cs_test_/),
      savedCard: { brand: 'visa', last4: '4242' },
    });
    const id = second.confirmed.body.id as string;
    const before = await callRoute(ROUTES.appointmentPayment, { params: { id }, as: owner });
    expect(before.body).toMatchObject({ status: 'card_needed', savedCard: { brand: 'visa', last4: '4242' } });
    // "Use another card" stays on offer: the hosted page.
    expect(before.body.actionUrl).toMatch(/\/hosted\/checkout\//);
    // Only the owner sees or uses it.
    const mechanicView = await callRoute(ROUTES.appointmentPayment, { params: { id }, as: second.mechanic });
    expect(mechanicView.body.savedCard).toBeNull();
    const byMechanic = await callRoute(ROUTES.appointmentPaymentSavedCard, { params: { id }, as: second.mechanic });
    expect(byMechanic.status).toBe(403);

    const used = await callRoute(ROUTES.appointmentPaymentSavedCard, { params: { id }, as: owner });
    expect(used.status, used.text).toBe(200);
    expect(used.body).toMatchObject({ status: 'card_saved', actionUrl: null, savedCard: null });
    // The job charges the card Stripe holds for the owner: the same PaymentMethod, no second card page.
    const cards = [...stripe.objects.values()].filter((o) => o.object === 'payment_method');
    const rows = await db
      .selectFrom('payments')
      .select(['appointmentId', 'paymentMethodId', 'customerId'])
      .where('appointmentId', 'in', [first.confirmed.body.id, id])
      .execute();
    expect(new Set(rows.map((r) => r.paymentMethodId)).size).toBe(1);
    expect(cards.filter((c) => c.id === rows[0]!.paymentMethodId)).toHaveLength(1);
    expect(new Set(rows.map((r) => r.customerId)).size).toBe(1);
    const again = await callRoute(ROUTES.appointmentPaymentSavedCard, { params: { id }, as: owner });
    expect(again.status).toBe(409);
    expect(detailOf(again)).toMatch(/card/);
  });
});

describe('the mechanic cancels a booking whose card is saved', () => {
  it('charges the owner nothing, now or later, and says so', async () => {
    const { owner, mechanic, confirmed } = await confirmBooking('KLND', true);
    const result = await stripe.submitCard(confirmed.body.payment!.setupUrl.split('/').pop()!, '4242 4242 4242 4242');
    expect(result.ok, result.message).toBe(true);
    const res = await callRoute(ROUTES.appointmentCancelByMechanic, {
      params: { id: confirmed.body.id },
      body: { reason: 'My annual IA renewal is that week' },
      as: mechanic,
    });
    expect(res.status, res.text).toBe(200);
    // Read twice, as the payment's reads heal what a hook left: still nothing charged.
    for (const who of [owner, mechanic]) {
      const view = await callRoute(ROUTES.appointmentPayment, { params: { id: confirmed.body.id }, as: who });
      expect(view.status).toBe(200);
      expect(view.body.paidAt).toBeNull();
      expect(view.body.actionUrl).toBeNull();
    }
    const charges = [...stripe.objects.values()].filter(
      (o) =>
        (o.object === 'payment_intent' || o.object === 'charge') &&
        (o['metadata'] as Record<string, string> | undefined)?.['appointmentId'] === confirmed.body.id,
    );
    expect(charges).toEqual([]);
    const notices = await callRoute(ROUTES.notifications, { as: owner });
    const notice = (notices.body as Array<{ type: string; message: string }>).find(
      (n) => n.type === 'appointment.cancelled_by_mechanic',
    )!;
    expect(notice.message).toContain('Nothing was charged to your card.');
  });
});
