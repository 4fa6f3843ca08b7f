import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeStandin } from '../../scripts/lib/stripe-standin.ts';
import { startPaymentsWorld, stopPaymentsWorld } from '../helpers/payments-world.ts';
import type { Db } from '../../src/server/db/client.ts';
import { afterAnswersSettled } from '../../src/server/http/after-answer.ts';
import { api } from '../helpers/api.ts';
import type { TestBlobs } from '../helpers/blobs.ts';
import { createRequest, mechanicWithProfile, notificationsOf, uniqueTail, validBid } from '../helpers/marketplace.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute } from '../helpers/call-route.ts';

// One job, whatever the path that made it (accepted quote, booking, aircraft on ground, console
// assignment): the same payment terms, the same "Payment due" when a charge cannot be made, and
// Earnings that count only what was paid (docs/decisions/0310-one-job-writer.md). Through the real
// functions against the local Stripe stand-in; its own database (the Stripe key is global).

let db: Db;
let blobs: TestBlobs;
let stripe: StripeStandin;
let admin: TestUser;

beforeAll(async () => {
  ({ db, blobs, stripe } = await startPaymentsWorld());
  admin = await createUser('admin');
});

afterAll(() => stopPaymentsWorld({ db, blobs, stripe }));

const objectsOf = (type: string, appointmentId: string, purpose?: string) =>
  [...stripe.objects.values()].filter(
    (o) =>
      o.object === type &&
      (o['metadata'] as Record<string, string>)?.['appointmentId'] === appointmentId &&
      (!purpose || (o['metadata'] as Record<string, string>)['purpose'] === purpose),
  );

async function payableMechanic(base = 'KBZN', radius = '5'): Promise<TestUser> {
  const mechanic = await mechanicWithProfile({ baseLocation: base, serviceRadius: radius });
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
  appointmentId: string;
}

const payment = (j: Job, who: TestUser = j.pilot) =>
  callRoute(ROUTES.appointmentPayment, { params: { id: j.appointmentId }, as: who });

async function saveCard(j: Job, card = '4242 4242 4242 4242') {
  const { body } = await payment(j);
  expect(body.actionUrl).toMatch(/\/hosted\/checkout\/cs_test_/);
  const result = await stripe.submitCard(body.actionUrl!.split('/').pop()!, card);
  return { result, view: await payment(j) };
}

const act = (j: Job, action: 'confirm' | 'start' | 'complete') =>
  api.post(
    `/api/appointments/${j.appointmentId}/${action}`,
    action === 'complete' ? { mechanicNotes: 'Ground run good.' } : {},
    { token: j.mechanic.token },
  );

async function step(j: Job, action: 'confirm' | 'start' | 'complete') {
  const res = await act(j, action);
  expect(res.status, `${action}: ${res.text}`).toBe(200);
}

const sign = (j: Job) =>
  callRoute(ROUTES.recordSign, {
    params: { id: j.appointmentId },
    body: { fullName: `${j.mechanic.firstName} ${j.mechanic.lastName}`, certificateNumber: '3456789', statement: true },
    as: j.mechanic.token,
  });

/** A $1,000 labor + $200 parts quote, accepted (deposit a share of the parts). */
async function acceptedJob(depositPercent: number): Promise<Job> {
  const mechanic = await payableMechanic();
  const pilot = await createUser('pilot');
  const request = await createRequest(pilot, { serviceLocation: 'KBZN', aircraftLocation: 'KBZN' });
  const { laborCost: _l, partsCost: _p, estimatedHours: _h, ...rest } = validBid();
  const lines = [
    { category: 'inspection', description: 'Annual inspection', laborHours: 10, laborRate: 100, partsCost: 0 },
    { category: 'parts', description: 'Oil filter and spark plugs', laborHours: 0, laborRate: 0, partsCost: 200 },
  ];
  const quote = await callRoute(ROUTES.requestBid, {
    params: { id: request.id },
    body: { ...rest, lines, depositPercent },
    as: mechanic,
  });
  expect(quote.status, quote.text).toBe(201);
  const accept = await callRoute(ROUTES.requestAccept, {
    params: { id: request.id },
    body: { bidId: quote.body.id },
    as: pilot,
  });
  expect(accept.status, accept.text).toBe(200);
  return { pilot, mechanic, appointmentId: accept.body.appointment.id };
}

/** An aircraft on ground at KPAO answered by a payable mechanic based at KSQL (8 mi), fee $275. */
async function aogCall() {
  const mechanic = await payableMechanic('KSQL', '50');
  const owner = await createUser('pilot');
  const created = await callRoute(ROUTES.aogReport, {
    body: {
      aircraftTailNumber: uniqueTail(),
      aircraftMake: 'Cessna',
      aircraftModel: '182T',
      airport: 'KPAO',
      locationOnField: 'FBO ramp, spot 4',
      symptoms: ['engine_no_start'],
      description: 'Starter clicks, nothing turns.',
      access: { escortRequired: false },
      canFlyOut: false,
      callbackPhone: '(650) 555-0142',
    },
    as: owner,
  });
  expect(created.status, created.text).toBe(201);
  await afterAnswersSettled();
  const offer = await callRoute(ROUTES.aogOffer, {
    params: { id: created.body.id },
    body: { arriveBy: new Date(Date.now() + 3_600_000).toISOString(), calloutFeeCents: 27_500 },
    as: mechanic,
  });
  expect(offer.status, offer.text).toBe(201);
  return { owner, mechanic, aogId: created.body.id as string, offerId: offer.body.id as string };
}

/** The mechanic adds a $373 change order (2 h at $100, $173 parts) and the owner approves it. */
async function approvedChangeOrder(j: Job) {
  const path = `/api/appointments/${j.appointmentId}/change-orders`;
  const created = await api.post(
    path,
    {
      note: 'Starter solenoid failed',
      lines: [
        {
          category: 'airworthy',
          description: 'Replace starter solenoid',
          laborHours: '2',
          laborRate: '100',
          partsCost: '173',
        },
      ],
    },
    { token: j.mechanic.token },
  );
  expect(created.status, created.text).toBe(201);
  const decided = await api.post(
    `${path}/${created.body.id}/decide`,
    { decisions: created.body.lines.map((l: { id: string }) => ({ lineId: l.id, decision: 'approve' })) },
    { token: j.pilot.token },
  );
  expect(decided.status, decided.text).toBe(200);
}

const earned = async (m: TestUser) =>
  (await callRoute(ROUTES.mechanicSummary, { as: m })).body.earnings as {
    earned: number;
    pending: number;
  };

describe('an aircraft-on-ground job is paid as any job', () => {
  it('asks for a card at acceptance, charges the call-out and the approved change order at signature, with invoice, receipts and payout', async () => {
    const call = await aogCall();
    const accepted = await callRoute(ROUTES.aogAccept, {
      params: { id: call.aogId, offerId: call.offerId },
      unchecked: {},
      as: call.owner.token,
    });
    expect(accepted.status, accepted.text).toBe(201);
    expect(accepted.body.payment?.setupUrl).toMatch(/\/hosted\/checkout\/cs_test_/);
    const j: Job = { pilot: call.owner, mechanic: call.mechanic, appointmentId: accepted.body.id };
    expect((await payment(j)).body).toMatchObject({ status: 'card_needed', depositCents: 0 });

    const { view } = await saveCard(j);
    expect(view.body).toMatchObject({ status: 'card_saved', actionUrl: null });
    await step(j, 'start');
    await approvedChangeOrder(j);
    // Before the signature nothing is earned: the job is owed, not paid.
    await step(j, 'complete');
    expect(await earned(j.mechanic)).toMatchObject({ earned: 0, pending: 648 });
    expect(objectsOf('payment_intent', j.appointmentId, 'capture')).toHaveLength(0);
    expect((await sign(j)).status).toBe(200);

    const captures = objectsOf('payment_intent', j.appointmentId, 'capture');
    expect(captures.map((c) => [c['amount'], c['status']])).toEqual([[64_800, 'succeeded']]);
    expect(objectsOf('transfer', j.appointmentId, 'payout').map((t) => t['amount'])).toEqual([58_320]);
    const paid = await payment(j);
    expect(paid.body).toMatchObject({ status: 'paid', totalCents: 64_800, feeCents: 6_480, payoutCents: 58_320 });
    expect(paid.body.receiptDocumentId).toBeTruthy();
    const mails = await db
      .selectFrom('outbox')
      .select(['kind', 'toAddress'])
      .where('kind', 'in', ['payments.receipt', 'payments.payout'])
      .where('toAddress', 'in', [j.pilot.email, j.mechanic.email])
      .execute();
    expect(mails.map((m) => m.kind).sort()).toEqual(['payments.payout', 'payments.receipt']);
    expect((await callRoute(ROUTES.paymentsEarnings, { as: j.mechanic.token })).body).toMatchObject({
      paidCents: 58_320,
      feesCents: 6_480,
    });
    expect(await earned(j.mechanic)).toMatchObject({ earned: 648, pending: 0 });
  });

  it('the console’s "Assign mechanic" asks the owner for a card the same way; work waits for it', async () => {
    const call = await aogCall();
    const assigned = await callRoute(ROUTES.adminAogAssign, {
      params: { id: call.aogId },
      body: { mechanicId: call.mechanic.id },
      as: admin,
    });
    expect(assigned.status, assigned.text).toBe(201);
    const j: Job = { pilot: call.owner, mechanic: call.mechanic, appointmentId: assigned.body.id };
    const owed = await payment(j);
    expect(owed.body).toMatchObject({ status: 'card_needed' });
    expect(owed.body.actionUrl).toMatch(/\/hosted\/checkout\/cs_test_/);
    expect((await notificationsOf(call.owner)).some((n) => n.type === 'payment.card_needed')).toBe(true);

    const early = await act(j, 'start');
    expect(early.status).toBe(409);
    expect(early.body.detail).toMatch(/card/);
    await saveCard(j);
    await step(j, 'start');
  });
});

describe('"Payment due" whenever a charge cannot be made', () => {
  it('a saved card that no longer works at capture makes the payment due: the owner asked again, the mechanic told why', async () => {
    const j = await acceptedJob(50);
    expect((await saveCard(j)).view.body.status).toBe('deposit_paid');
    await step(j, 'confirm');
    await step(j, 'start');
    // The card is gone from Stripe (removed by the owner at the bank, or expired): the capture cannot be made.
    const { paymentMethodId } = await db
      .selectFrom('payments')
      .select('paymentMethodId')
      .where('appointmentId', '=', j.appointmentId)
      .executeTakeFirstOrThrow();
    stripe.objects.delete(paymentMethodId!);
    await step(j, 'complete');
    expect((await sign(j)).status).toBe(200);

    const due = await payment(j);
    expect(due.body).toMatchObject({ status: 'payment_due', failureMessage: expect.stringMatching(/card/i) });
    expect(due.body.actionUrl).toMatch(/\/hosted\/checkout\//);
    expect((await payment(j, j.mechanic)).body).toMatchObject({ status: 'payment_due', actionUrl: null });
    expect((await notificationsOf(j.pilot)).some((n) => n.title === 'Payment due')).toBe(true);
    expect((await notificationsOf(j.mechanic)).some((n) => n.title === 'Payment due')).toBe(true);
    expect(await earned(j.mechanic)).toMatchObject({ earned: 0 });

    const { view } = await saveCard(j);
    expect(view.body).toMatchObject({ status: 'paid', totalCents: 120_000 });
    expect(await earned(j.mechanic)).toMatchObject({ earned: 1200 });
  });

  it('a job accepted with a declined card cannot start until a card is saved or the mechanic marks it paid outside Skyward', async () => {
    const j = await acceptedJob(50);
    const { result, view } = await saveCard(j, '4000 0000 0000 0002');
    expect(result.ok).toBe(false);
    expect(view.body).toMatchObject({ status: 'card_needed' });
    await step(j, 'confirm');
    const refused = await act(j, 'start');
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/card/);
    expect((await notificationsOf(j.pilot)).some((n) => n.type === 'payment.card_needed')).toBe(true);

    const outside = `/api/appointments/${j.appointmentId}/payment/outside`;
    expect((await api.post(outside, undefined, { token: j.pilot.token })).status).toBe(403);
    const marked = await api.post(outside, undefined, { token: j.mechanic.token });
    expect(marked.status, marked.text).toBe(200);
    expect(marked.body).toMatchObject({ status: 'paid_outside', actionUrl: null });
    expect((await api.post(outside, undefined, { token: j.mechanic.token })).status).toBe(409);
    expect((await payment(j)).body).toMatchObject({ status: 'paid_outside', actionUrl: null });

    await step(j, 'start');
    await step(j, 'complete');
    expect((await sign(j)).status).toBe(200);
    expect(objectsOf('payment_intent', j.appointmentId)).toHaveLength(0);
    expect((await payment(j)).body.status).toBe('paid_outside');
    const listed = await callRoute(ROUTES.adminPayments, { query: { limit: '100' }, as: admin });
    expect(listed.body.data.find((p: { appointmentId: string }) => p.appointmentId === j.appointmentId)).toMatchObject({
      status: 'paid_outside',
    });
    expect(await earned(j.mechanic)).toMatchObject({ earned: 1200 });
  });
});
