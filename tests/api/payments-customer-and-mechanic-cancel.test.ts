import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandin, type StripeStandin } from '../../scripts/lib/stripe-standin.ts';
import type { Db } from '../../src/server/db/client.ts';
import { api } from '../helpers/api.ts';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs.ts';
import { useIsolatedDatabase } from '../helpers/isolated-db.ts';
import { createRequest, mechanicWithProfile, notificationsOf, validBid } from '../helpers/marketplace.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, errorsOf, detailOf } from '../helpers/call-route.ts';

// Payments' last pieces, through the real functions against the local Stripe stand-in: one Stripe
// Customer per owner, reused by every appointment they pay (docs/decisions/0166), and the
// mechanic's cancellation, which refunds what the owner was charged (docs/decisions/0167).

let db: Db;
let blobs: TestBlobs;
let stripe: StripeStandin;
const PLACE = 'KBZN';

beforeAll(async () => {
  db = await useIsolatedDatabase();
  blobs = await startTestBlobs();
  stripe = await startStripeStandin();
  process.env['LOCAL_STRIPE_STANDIN_URL'] = stripe.url;
  process.env['LOCAL_STRIPE_STANDIN_KEY'] = stripe.secretKey;
  process.env['LOCAL_STRIPE_STANDIN_WEBHOOK_SECRET'] = stripe.webhookSecret;
});

afterAll(async () => {
  await stripe.close();
  await blobs.stop();
  await db.destroy();
});

async function payableMechanic(): Promise<TestUser> {
  const mechanic = await mechanicWithProfile({ baseLocation: PLACE, serviceRadius: '5' });
  expect((await callRoute(ROUTES.paymentsConnectStart, { as: mechanic })).status).toBe(200);
  const { accountId } = await db
    .selectFrom('connectedAccounts')
    .select('accountId')
    .where('userId', '=', mechanic.id)
    .executeTakeFirstOrThrow();
  await stripe.completeOnboarding(accountId);
  expect((await callRoute(ROUTES.paymentsConnect, { as: mechanic })).body.status).toBe('ready');
  return mechanic;
}

interface Job {
  pilot: TestUser;
  mechanic: TestUser;
  requestId: string;
  appointmentId: string;
}

/** $1,000 of labor and $200 of parts, accepted by `pilot`; a 50 % deposit is $100. */
async function acceptedJob(pilot: TestUser, mechanic: TestUser): Promise<Job> {
  const request = await createRequest(pilot, { serviceLocation: PLACE, aircraftLocation: PLACE });
  const { laborCost: _l, partsCost: _p, estimatedHours: _h, ...rest } = validBid();
  const lines = [
    { category: 'inspection', description: 'Annual inspection', laborHours: 10, laborRate: 100, partsCost: 0 },
    { category: 'parts', description: 'Oil filter and spark plugs', laborHours: 0, laborRate: 0, partsCost: 200 },
  ];
  const quote = await callRoute(ROUTES.requestBid, {
    params: { id: request.id },
    body: { ...rest, lines, depositPercent: 50 },
    as: mechanic,
  });
  expect(quote.status, quote.text).toBe(201);
  const accept = await callRoute(ROUTES.requestAccept, {
    params: { id: request.id },
    body: { bidId: quote.body.id },
    as: pilot,
  });
  expect(accept.status, accept.text).toBe(200);
  return { pilot, mechanic, requestId: request.id, appointmentId: accept.body.appointment.id };
}

const payment = (j: Job, who: TestUser = j.pilot) =>
  callRoute(ROUTES.appointmentPayment, { params: { id: j.appointmentId }, as: who });

async function saveCard(j: Job) {
  const { body } = await payment(j);
  const result = await stripe.submitCard(body.actionUrl!.split('/').pop()!, '4242 4242 4242 4242');
  expect(result.ok, result.message).toBe(true);
  return payment(j);
}

const customersOf = (userId: string) =>
  [...stripe.objects.values()].filter(
    (o) => o.object === 'customer' && (o['metadata'] as Record<string, string>)['userId'] === userId,
  );
const cancel = (j: Job, body: unknown, who: TestUser = j.mechanic) =>
  callRoute(ROUTES.appointmentCancelByMechanic, { params: { id: j.appointmentId }, unchecked: body, as: who });

describe('one Stripe customer per owner', () => {
  it('reuses the owner’s customer for every appointment, each with its own card page', async () => {
    const mechanic = await payableMechanic();
    const pilot = await createUser('pilot');
    const first = await acceptedJob(pilot, mechanic);
    await saveCard(first);
    const second = await acceptedJob(pilot, mechanic);
    expect((await payment(second)).body).toMatchObject({ status: 'card_needed' });

    expect(customersOf(pilot.id)).toHaveLength(1);
    const [customer] = customersOf(pilot.id);
    const rows = await db
      .selectFrom('payments')
      .select(['appointmentId', 'customerId', 'setupSessionId'])
      .where('ownerId', '=', pilot.id)
      .execute();
    expect(rows.map((r) => r.customerId)).toEqual([customer!.id, customer!.id]);
    expect(new Set(rows.map((r) => r.setupSessionId)).size).toBe(2);
    expect(
      await db.selectFrom('stripeCustomers').select('customerId').where('userId', '=', pilot.id).execute(),
    ).toEqual([{ customerId: customer!.id }]);
    // The customer was asked for once, under the owner's key, not one per appointment.
    expect(
      stripe.requests.filter((r) => r.path === '/v1/customers' && r.idempotencyKey?.startsWith(`customer:${pilot.id}`)),
    ).toHaveLength(1);
    // Each saved card is charged from that one customer.
    const [deposit] = [...stripe.objects.values()].filter(
      (o) =>
        o.object === 'payment_intent' &&
        (o['metadata'] as Record<string, string>)['appointmentId'] === first.appointmentId,
    );
    expect(deposit).toMatchObject({ customer: customer!.id, amount: 10_000 });
  });

  it('makes one customer when two acceptances of the same owner arrive at once', async () => {
    const mechanic = await payableMechanic();
    const pilot = await createUser('pilot');
    const requests = await Promise.all(
      [1, 2].map(() => createRequest(pilot, { serviceLocation: PLACE, aircraftLocation: PLACE })),
    );
    const { laborCost: _l, partsCost: _p, estimatedHours: _h, ...rest } = validBid();
    const quotes = await Promise.all(
      requests.map((r) =>
        callRoute(ROUTES.requestBid, {
          params: { id: r.id },
          body: {
            ...rest,
            lines: [
              {
                category: 'inspection',
                description: 'Annual inspection',
                laborHours: 10,
                laborRate: 100,
                partsCost: 0,
              },
            ],
          },
          as: mechanic,
        }),
      ),
    );
    const accepted = await Promise.all(
      requests.map((r, i) =>
        callRoute(ROUTES.requestAccept, { params: { id: r.id }, body: { bidId: quotes[i]!.body.id }, as: pilot }),
      ),
    );
    for (const a of accepted) expect(a.body.payment!.setupUrl).toMatch(/\/hosted\/checkout\//);
    expect(customersOf(pilot.id)).toHaveLength(1);
    const ids = await db.selectFrom('payments').select('customerId').where('ownerId', '=', pilot.id).execute();
    expect(new Set(ids.map((r) => r.customerId))).toEqual(new Set([customersOf(pilot.id)[0]!.id]));
  });

  it('replaces a stored customer Stripe no longer knows (deleted, or keys of another account)', async () => {
    const mechanic = await payableMechanic();
    const pilot = await createUser('pilot');
    await db
      .insertInto('stripeCustomers')
      .values({ userId: pilot.id, customerId: 'cus_gone_from_this_account' })
      .execute();
    const j = await acceptedJob(pilot, mechanic);
    const saved = await saveCard(j);
    expect(saved.body).toMatchObject({ status: 'deposit_paid' });
    const [customer] = customersOf(pilot.id);
    expect(customer).toBeTruthy();
    expect(
      (
        await db
          .selectFrom('stripeCustomers')
          .select('customerId')
          .where('userId', '=', pilot.id)
          .executeTakeFirstOrThrow()
      ).customerId,
    ).toBe(customer!.id);
  });
});

describe('the mechanic cancels', () => {
  it('refunds the deposit in full through Stripe, even after confirming, and tells the owner why', async () => {
    const mechanic = await payableMechanic();
    const pilot = await createUser('pilot', { firstName: 'Olga', lastName: 'Owner' });
    const j = await acceptedJob(pilot, mechanic);
    await saveCard(j);
    expect(
      (await callRoute(ROUTES.appointmentConfirm, { params: { id: j.appointmentId }, body: {}, as: mechanic })).status,
    ).toBe(200);
    // After confirmation an owner's cancellation would keep the deposit; the mechanic's refunds it.
    expect((await payment(j)).body).toMatchObject({ status: 'deposit_paid', depositOnCancel: 'kept' });

    const res = await cancel(j, { reason: 'My hangar lost power for the week; I cannot do the annual on time' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      status: 'cancelled',
      cancellation: { by: 'mechanic', reason: 'My hangar lost power for the week; I cannot do the annual on time' },
    });
    const refunds = [...stripe.objects.values()].filter(
      (o) => o.object === 'refund' && (o['metadata'] as Record<string, string>)['appointmentId'] === j.appointmentId,
    );
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      amount: 10_000,
      status: 'succeeded',
      metadata: { purpose: 'deposit-refund', cancelledBy: 'mechanic' },
    });
    expect(stripe.requests.find((r) => r.path === '/v1/refunds')?.idempotencyKey).toBe(
      `deposit-refund:${j.appointmentId}`,
    );
    // Nothing went to the mechanic.
    expect(
      [...stripe.objects.values()].filter(
        (o) =>
          o.object === 'transfer' && (o['metadata'] as Record<string, string>)['appointmentId'] === j.appointmentId,
      ),
    ).toHaveLength(0);
    expect((await payment(j)).body).toMatchObject({ status: 'refunded', refundedCents: 10_000 });
    expect((await payment(j, mechanic)).body).toMatchObject({ status: 'refunded' });

    // The request is closed; both parties see who cancelled and why.
    const request = await db
      .selectFrom('serviceRequests')
      .select('status')
      .where('id', '=', j.requestId)
      .executeTakeFirstOrThrow();
    expect(request.status).toBe('cancelled');
    const mine = (await callRoute(ROUTES.appointmentsOwn, { as: pilot })).body.find(
      (a: { id: string }) => a.id === j.appointmentId,
    );
    expect(mine!.cancellation).toMatchObject({ by: 'mechanic', reason: expect.stringContaining('hangar lost power') });
    const [notice] = await notificationsOf(pilot);
    expect(notice).toMatchObject({ title: 'Your mechanic cancelled the appointment' });
    expect(notice!.message).toContain('Reason: My hangar lost power for the week; I cannot do the annual on time.');
    expect(notice!.message).toContain('Your parts deposit of $100.00 is being refunded to your card in full.');
    const email = await db
      .selectFrom('outbox')
      .select(['subject', 'bodyText'])
      .where('toAddress', '=', pilot.email)
      .where('kind', '=', 'marketplace.appointment.cancelled_by_mechanic')
      .executeTakeFirstOrThrow();
    expect(email.bodyText).toContain('hangar lost power');
    expect(email.bodyText).toMatch(/dashboard\?section=appointments#item-/);

    // A second call is refused; nothing is refunded twice.
    expect((await cancel(j, { reason: 'again' })).status).toBe(409);
    expect(
      [...stripe.objects.values()].filter(
        (o) => o.object === 'refund' && (o['metadata'] as Record<string, string>)['appointmentId'] === j.appointmentId,
      ),
    ).toHaveLength(1);
  });

  it('refunds on the payment’s next read when Stripe could not be reached at the cancellation', async () => {
    const mechanic = await payableMechanic();
    const j = await acceptedJob(await createUser('pilot'), mechanic);
    await saveCard(j);
    const url = process.env['LOCAL_STRIPE_STANDIN_URL'];
    delete process.env['LOCAL_STRIPE_STANDIN_URL'];
    try {
      expect((await cancel(j, { reason: 'The engine shop needs me elsewhere' })).status).toBe(200);
    } finally {
      process.env['LOCAL_STRIPE_STANDIN_URL'] = url;
    }
    expect(
      (
        await db
          .selectFrom('payments')
          .select('depositState')
          .where('appointmentId', '=', j.appointmentId)
          .executeTakeFirstOrThrow()
      ).depositState,
    ).toBe('paid');
    expect((await payment(j)).body).toMatchObject({ status: 'refunded', refundedCents: 10_000 });
  });

  it('asks for a reason, refuses after work started and refuses anyone but the assigned mechanic', async () => {
    const mechanic = await payableMechanic();
    const pilot = await createUser('pilot');
    const j = await acceptedJob(pilot, mechanic);
    await saveCard(j);
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const res = await cancel(j, body);
      expect(res.status).toBe(400);
      expect(errorsOf(res)[0]!.path).toBe('reason');
    }
    const other = await mechanicWithProfile({ baseLocation: PLACE, serviceRadius: '5' });
    expect((await cancel(j, { reason: 'Not mine' }, other)).status).toBe(404);
    expect((await cancel(j, { reason: 'I am the owner' }, pilot)).status).toBe(403);
    expect(
      (
        await callRoute(ROUTES.appointmentCancelByMechanic, {
          params: { id: 'not-a-uuid' },
          body: { reason: 'Nothing' },
          as: mechanic,
        })
      ).status,
    ).toBe(404);
    for (const step of ['confirm', 'start'])
      expect(
        (await api.post(`/api/appointments/${j.appointmentId}/${step}`, {}, { token: mechanic.token })).status,
      ).toBe(200);
    const late = await cancel(j, { reason: 'Found corrosion, walking away' });
    expect(late.status).toBe(409);
    expect(detailOf(late)).toBe('Work on this appointment has started, so it can no longer be cancelled');
    const row = await db
      .selectFrom('appointments')
      .select(['status', 'cancelledBy'])
      .where('id', '=', j.appointmentId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'in_progress', cancelledBy: null });
    expect(
      [...stripe.objects.values()].filter(
        (o) => o.object === 'refund' && (o['metadata'] as Record<string, string>)['appointmentId'] === j.appointmentId,
      ),
    ).toHaveLength(0);
  });

  it('says nothing was charged when the job was not paid through Skyward', async () => {
    const mechanic = await mechanicWithProfile({ baseLocation: PLACE, serviceRadius: '5' });
    const pilot = await createUser('pilot');
    const j = await acceptedJob(pilot, mechanic);
    expect((await cancel(j, { reason: 'Sick this week' })).status).toBe(200);
    expect((await notificationsOf(pilot))[0]!.message).toContain('Nothing was charged to your card.');
    // The owner's cancellation is the owner's: a cancelled appointment cannot be cancelled again by the request.
    expect((await callRoute(ROUTES.requestCancel, { params: { id: j.requestId }, as: pilot })).status).toBe(409);
  });
});
