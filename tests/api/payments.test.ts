import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandin, type StandinEvent, type StripeStandin } from '../../scripts/lib/stripe-standin.ts';
import type { Db } from '../../src/server/db/client.ts';
import { api, call, type ApiResult } from '../helpers/api.ts';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs.ts';
import { useIsolatedDatabase } from '../helpers/isolated-db.ts';
import { createRequest, mechanicWithProfile, notificationsOf, validBid } from '../helpers/marketplace.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { CONNECT_MESSAGES } from '../../src/contract/payments.ts';
import { jobLedgers } from '../../src/server/db/invariants.server.ts';
import { ROUTES, type OutputOf } from '../../src/contract/routes.ts';
import { callRoute, detailOf, errorsOf } from '../helpers/call-route.ts';

// Payments on Stripe Connect, through the real functions against the local Stripe
// stand-in (the same one `npm start` runs without a key): onboarding, card on file at acceptance,
// parts deposit, capture at signature, payout, card failures, cancellation, refunds, webhooks.
// Its own database: the Stripe key and the payment settings are global.

let db: Db;
let blobs: TestBlobs;
let stripe: StripeStandin;
let admin: TestUser;

beforeAll(async () => {
  db = await useIsolatedDatabase();
  blobs = await startTestBlobs();
  stripe = await startStripeStandin();
  process.env['LOCAL_STRIPE_STANDIN_URL'] = stripe.url;
  process.env['LOCAL_STRIPE_STANDIN_KEY'] = stripe.secretKey;
  process.env['LOCAL_STRIPE_STANDIN_WEBHOOK_SECRET'] = stripe.webhookSecret;
  admin = await createUser('admin');
});

afterAll(async () => {
  await stripe.close();
  await blobs.stop();
  await db.destroy();
});

/** Delivers a stand-in event to the product as Stripe would (signed now unless a header is given). */
function deliver(event: StandinEvent | Record<string, unknown>, signature?: string) {
  const payload = JSON.stringify(event);
  return call('POST', '/api/payments/webhook', {
    rawBody: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature ?? stripe.sign(payload) },
  });
}

const objectsOf = (type: string, appointmentId: string, purpose?: string) =>
  [...stripe.objects.values()].filter(
    (o) =>
      o.object === type &&
      (o['metadata'] as Record<string, string>)?.['appointmentId'] === appointmentId &&
      (!purpose || (o['metadata'] as Record<string, string>)['purpose'] === purpose),
  );

async function payableMechanic(): Promise<TestUser> {
  const mechanic = await mechanicWithProfile({ baseLocation: 'KBZN', serviceRadius: '5' });
  const before = await callRoute(ROUTES.paymentsConnect, { as: mechanic });
  expect(before.body).toMatchObject({ status: 'none', chargesEnabled: false, payoutsEnabled: false });
  const link = await callRoute(ROUTES.paymentsConnectStart, { as: mechanic });
  expect(link.status).toBe(200);
  expect(link.body.url).toMatch(/\/hosted\/onboarding\/acct_/);
  expect((await callRoute(ROUTES.paymentsConnect, { as: mechanic })).body.status).toBe('pending');
  const { accountId } = await db
    .selectFrom('connectedAccounts')
    .select('accountId')
    .where('userId', '=', mechanic.id)
    .executeTakeFirstOrThrow();
  await stripe.completeOnboarding(accountId);
  // Back from onboarding before the webhook: the status is re-read from Stripe.
  expect((await callRoute(ROUTES.paymentsConnect, { as: mechanic })).body).toMatchObject({
    status: 'ready',
    chargesEnabled: true,
    payoutsEnabled: true,
  });
  return mechanic;
}

interface Job {
  pilot: TestUser;
  mechanic: TestUser;
  requestId: string;
  appointmentId: string;
  accept: ApiResult<OutputOf<typeof ROUTES.requestAccept>>;
}

/** A quote of $1,000 labor (inspection) and $200 parts, accepted; the deposit is a share of the parts. */
async function acceptedJob(
  options: { depositPercent?: number; payable?: boolean; mechanic?: TestUser } = {},
): Promise<Job> {
  const mechanic =
    options.mechanic ??
    (options.payable === false
      ? await mechanicWithProfile({ baseLocation: 'KBZN', serviceRadius: '5' })
      : await payableMechanic());
  const pilot = await createUser('pilot', { firstName: 'Olga', lastName: 'Owner' });
  const request = await createRequest(pilot, { serviceLocation: 'KBZN', aircraftLocation: 'KBZN' });
  const { laborCost: _l, partsCost: _p, estimatedHours: _h, ...rest } = validBid();
  const lines = [
    { category: 'inspection', description: 'Annual inspection', laborHours: 10, laborRate: 100, partsCost: 0 },
    { category: 'parts', description: 'Oil filter and spark plugs', laborHours: 0, laborRate: 0, partsCost: 200 },
  ];
  const quote = await callRoute(ROUTES.requestBid, {
    params: { id: request.id },
    body: { ...rest, lines, depositPercent: options.depositPercent ?? 50 },
    as: mechanic,
  });
  expect(quote.status, quote.text).toBe(201);
  expect(quote.body).toMatchObject({
    depositPercent: options.depositPercent ?? 50,
    payable: options.payable !== false,
  });
  const accept = await callRoute(ROUTES.requestAccept, {
    params: { id: request.id },
    body: { bidId: quote.body.id },
    as: pilot,
  });
  expect(accept.status, accept.text).toBe(200);
  return { pilot, mechanic, requestId: request.id, appointmentId: accept.body.appointment.id, accept };
}

const payment = (j: Job, who: TestUser = j.pilot) =>
  callRoute(ROUTES.appointmentPayment, { params: { id: j.appointmentId }, as: who });

/** The owner saves a card on the hosted page, then comes back (the page's return reads the session). */
async function saveCard(j: Job, card = '4242 4242 4242 4242') {
  const { body } = await payment(j);
  expect(body.actionUrl).toMatch(/\/hosted\/checkout\/cs_test_/);
  const result = await stripe.submitCard(body.actionUrl!.split('/').pop()!, card);
  expect(result.ok, result.message).toBe(true);
  return payment(j);
}

async function step(j: Job, action: 'confirm' | 'start' | 'complete') {
  const res = await api.post(
    `/api/appointments/${j.appointmentId}/${action}`,
    action === 'complete' ? { mechanicNotes: 'Compression 74/76.' } : {},
    { token: j.mechanic.token },
  );
  expect(res.status, `${action}: ${res.text}`).toBe(200);
}

const sign = (j: Job) =>
  callRoute(ROUTES.recordSign, {
    params: { id: j.appointmentId },
    body: { fullName: `${j.mechanic.firstName} ${j.mechanic.lastName}`, certificateNumber: '3456789', statement: true },
    as: j.mechanic.token,
  });

describe('mechanic payouts: /api/payments/connect', () => {
  it('goes none -> pending -> ready through the hosted onboarding; owners cannot use it', async () => {
    await payableMechanic();
    const pilot = await createUser('pilot');
    expect((await callRoute(ROUTES.paymentsConnect, { as: pilot })).status).toBe(403);
    expect((await callRoute(ROUTES.paymentsConnectStart, { as: pilot })).status).toBe(403);
  });

  it('refuses a payout account to a mechanic not yet approved, and opens it once approved', async () => {
    const pending = await createUser('mechanic', { mechanicStatus: 'pending' });
    const refused = await callRoute(ROUTES.paymentsConnectStart, { as: pending });
    expect(refused.status).toBe(403);
    expect(detailOf(refused)).toBe(CONNECT_MESSAGES.notApproved);
    expect(
      await db.selectFrom('connectedAccounts').select('userId').where('userId', '=', pending.id).execute(),
    ).toEqual([]);
    const rejected = await createUser('mechanic', { mechanicStatus: 'rejected' });
    expect((await callRoute(ROUTES.paymentsConnectStart, { as: rejected })).status).toBe(403);
    await db.updateTable('users').set({ mechanicStatus: 'approved' }).where('id', '=', pending.id).execute();
    expect((await callRoute(ROUTES.paymentsConnectStart, { as: pending })).status).toBe(200);
  });

  it('creates one Express account per mechanic however many times onboarding is opened', async () => {
    const mechanic = await mechanicWithProfile({ baseLocation: 'KBZN', serviceRadius: '5' });
    await Promise.all([1, 2, 3].map(() => callRoute(ROUTES.paymentsConnectStart, { as: mechanic })));
    const accounts = [...stripe.objects.values()].filter(
      (o) => o.object === 'account' && (o['metadata'] as Record<string, string>)['userId'] === mechanic.id,
    );
    expect(accounts).toHaveLength(1);
  });

  it('keeps the newest account state when an older account.updated arrives late', async () => {
    const mechanic = await payableMechanic();
    const { accountId } = await db
      .selectFrom('connectedAccounts')
      .select('accountId')
      .where('userId', '=', mechanic.id)
      .executeTakeFirstOrThrow();
    const old = {
      id: 'evt_old_account',
      object: 'event',
      type: 'account.updated',
      created: Math.floor(Date.now() / 1000) - 3600,
      data: { object: { id: accountId, object: 'account', charges_enabled: false, payouts_enabled: false } },
    };
    expect((await deliver(old)).status).toBe(200);
    expect((await callRoute(ROUTES.paymentsConnect, { as: mechanic })).body.status).toBe('ready');
  });
});

describe('the money loop', () => {
  it('saves the card at acceptance, charges the deposit, releases it at start, and at signature charges the rest once and pays the mechanic minus the fee', async () => {
    const j = await acceptedJob({ depositPercent: 50 });
    expect(j.accept.body.payment).toMatchObject({ depositCents: 10_000 });
    expect(j.accept.body.payment!.setupUrl).toMatch(/\/hosted\/checkout\/cs_test_/);
    expect((await payment(j)).body).toMatchObject({
      status: 'card_needed',
      depositCents: 10_000,
      depositOnCancel: 'none',
    });

    const saved = await saveCard(j);
    expect(saved.body).toMatchObject({
      status: 'deposit_paid',
      depositCents: 10_000,
      actionUrl: null,
      depositOnCancel: 'refunded',
    });
    const [deposit] = objectsOf('payment_intent', j.appointmentId, 'deposit');
    expect(deposit).toMatchObject({
      amount: 10_000,
      currency: 'usd',
      status: 'succeeded',
      transfer_group: `appt_${j.appointmentId}`,
    });
    expect(
      stripe.requests.find(
        (r) => r.path === '/v1/payment_intents' && r.idempotencyKey === `deposit:${j.appointmentId}:0`,
      ),
    ).toBeTruthy();

    await step(j, 'confirm');
    expect((await payment(j)).body.depositOnCancel).toBe('kept');
    await step(j, 'start');
    const depositTransfers = objectsOf('transfer', j.appointmentId, 'deposit');
    expect(depositTransfers).toHaveLength(1);
    expect(depositTransfers[0]).toMatchObject({ amount: 10_000, destination: expect.stringMatching(/^acct_/) });

    await step(j, 'complete');
    // The logbook entry waits for its signature: nothing charged yet.
    expect(objectsOf('payment_intent', j.appointmentId, 'capture')).toHaveLength(0);
    expect((await sign(j)).status).toBe(200);

    const captures = objectsOf('payment_intent', j.appointmentId, 'capture');
    expect(captures).toHaveLength(1);
    expect(captures[0]).toMatchObject({ amount: 110_000, status: 'succeeded' }); // $1,200 - $100 deposit
    const payouts = objectsOf('transfer', j.appointmentId, 'payout');
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({ amount: 98_000 }); // $1,200 - $120 fee - $100 deposit already sent

    const paid = await payment(j);
    expect(paid.body).toMatchObject({
      status: 'paid',
      totalCents: 120_000,
      depositCents: 10_000,
      feeCents: 12_000,
      payoutCents: 108_000,
    });
    expect(paid.body.paidAt).toBeTruthy();
    expect(paid.body.receiptDocumentId).toBeTruthy();
    const mine = await payment(j, j.mechanic);
    expect(mine.body).toMatchObject({ status: 'paid', payoutCents: 108_000, actionUrl: null });

    const doc = await db
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', paid.body.receiptDocumentId)
      .executeTakeFirstOrThrow();
    expect(doc).toMatchObject({ ownerId: j.pilot.id, documentType: 'invoice', contentType: 'application/pdf' });
    const mails = await db
      .selectFrom('outbox')
      .select(['toAddress', 'kind', 'subject', 'bodyText'])
      .where('kind', 'in', ['payments.receipt', 'payments.payout'])
      .where('toAddress', 'in', [j.pilot.email, j.mechanic.email])
      .execute();
    expect(mails.map((m) => m.kind).sort()).toEqual(['payments.payout', 'payments.receipt']);
    const receipt = mails.find((m) => m.kind === 'payments.receipt')!;
    expect(receipt.subject).toMatch(/\$1,200\.00/);
    // Named in the aircraft's airport's zone (KBZN, Mountain time), as its records are dated; not UTC.
    expect(receipt.bodyText).toMatch(/Paid on \w{3} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M M[SD]T\./);

    const earnings = await callRoute(ROUTES.paymentsEarnings, { as: j.mechanic.token });
    expect(earnings.body).toMatchObject({ paidCents: 108_000, pendingCents: 0, feesCents: 12_000 });
  });

  it('keeps today\'s flow for a mechanic without payouts: no payment in the answer, "not_applicable"', async () => {
    const j = await acceptedJob({ payable: false });
    expect(j.accept.body.payment).toBeUndefined();
    expect((await payment(j)).body).toMatchObject({ status: 'not_applicable', totalCents: 0 });
    await step(j, 'confirm');
    await step(j, 'start');
    await step(j, 'complete');
    expect(objectsOf('payment_intent', j.appointmentId)).toHaveLength(0);
  });

  it('turns a declined card into "Payment due" (owner and mechanic told), a retry that fails again, then pays once the owner saves another card', async () => {
    const j = await acceptedJob({ depositPercent: 0 });
    expect((await saveCard(j, '4000 0000 0000 0341')).body).toMatchObject({ status: 'card_saved', depositCents: 0 });
    for (const s of ['confirm', 'start', 'complete'] as const) await step(j, s);
    expect((await sign(j)).status).toBe(200);

    const due = await payment(j);
    expect(due.body).toMatchObject({ status: 'payment_due', failureMessage: expect.stringMatching(/declined/) });
    expect(due.body.actionUrl).toMatch(/\/hosted\/checkout\//);
    expect(due.body.paidAt).toBeNull();
    expect((await payment(j, j.mechanic)).body).toMatchObject({ status: 'payment_due', actionUrl: null });
    expect((await notificationsOf(j.pilot)).some((n) => n.title === 'Payment due')).toBe(true);
    expect((await notificationsOf(j.mechanic)).some((n) => n.title === 'Payment due')).toBe(true);
    expect(objectsOf('transfer', j.appointmentId)).toHaveLength(0);

    // Only the owner retries; the same card fails again, as a new attempt.
    expect(
      (await callRoute(ROUTES.appointmentPaymentRetry, { params: { id: j.appointmentId }, as: j.mechanic.token }))
        .status,
    ).toBe(403);
    const retried = await callRoute(ROUTES.appointmentPaymentRetry, {
      params: { id: j.appointmentId },
      as: j.pilot.token,
    });
    expect(retried.status).toBe(200);
    expect(retried.body.status).toBe('payment_due');
    expect(
      stripe.requests
        .filter((r) => r.idempotencyKey?.startsWith(`capture:${j.appointmentId}:`))
        .map((r) => r.idempotencyKey),
    ).toEqual([`capture:${j.appointmentId}:0`, `capture:${j.appointmentId}:1`]);

    const fixed = await saveCard(j, '4242 4242 4242 4242');
    expect(fixed.body).toMatchObject({ status: 'paid', totalCents: 120_000, feeCents: 12_000 });
    expect(
      objectsOf('payment_intent', j.appointmentId, 'capture').filter((p) => p['status'] === 'succeeded'),
    ).toHaveLength(1);
    expect(objectsOf('transfer', j.appointmentId, 'payout').map((t) => t['amount'])).toEqual([108_000]);
    expect(
      (await callRoute(ROUTES.appointmentPaymentRetry, { params: { id: j.appointmentId }, as: j.pilot.token })).status,
    ).toBe(409);
  });

  it('asks again when the card needs authentication off-session', async () => {
    const j = await acceptedJob({ depositPercent: 100 });
    const { body } = await payment(j);
    const result = await stripe.submitCard(body.actionUrl!.split('/').pop()!, '4000 0027 6000 3184');
    expect(result.ok).toBe(true); // authenticated on the hosted page
    const after = await payment(j);
    expect(after.body).toMatchObject({ status: 'payment_due', failureMessage: expect.stringMatching(/authenticate/) });
    // A new hosted page (not the completed one of the acceptance): another card pays the deposit.
    expect(after.body.actionUrl).not.toBe(body.actionUrl);
    expect((await saveCard(j, '4242 4242 4242 4242')).body).toMatchObject({
      status: 'deposit_paid',
      depositCents: 20_000,
    });
  });

  it('refunds the deposit when the owner cancels before the mechanic confirmed, keeps it after', async () => {
    const early = await acceptedJob({ depositPercent: 50 });
    await saveCard(early);
    expect(
      (await callRoute(ROUTES.requestCancel, { params: { id: early.requestId }, as: early.pilot.token })).status,
    ).toBe(200);
    const refunds = [...stripe.objects.values()].filter(
      (o) =>
        o.object === 'refund' &&
        o['payment_intent'] === objectsOf('payment_intent', early.appointmentId, 'deposit')[0]!.id,
    );
    expect(refunds.map((r) => r['amount'])).toEqual([10_000]);
    expect((await payment(early)).body).toMatchObject({ status: 'refunded', refundedCents: 10_000 });
    expect(objectsOf('transfer', early.appointmentId)).toHaveLength(0);

    const late = await acceptedJob({ depositPercent: 50 });
    await saveCard(late);
    await step(late, 'confirm');
    expect(
      (await callRoute(ROUTES.requestCancel, { params: { id: late.requestId }, as: late.pilot.token })).status,
    ).toBe(200);
    expect(objectsOf('transfer', late.appointmentId, 'deposit').map((t) => t['amount'])).toEqual([10_000]);
    expect((await payment(late)).body.refundedCents).toBe(0);
  });
});

describe('exactly once', () => {
  it('makes one charge and one transfer for ten simultaneous reads and ten webhook replays after a capture that could not reach Stripe', async () => {
    const j = await acceptedJob({ depositPercent: 0 });
    await saveCard(j);
    for (const s of ['confirm', 'start', 'complete'] as const) await step(j, s);
    // Stripe unreachable while the entry is signed: the signature stands, the capture waits.
    const url = process.env['LOCAL_STRIPE_STANDIN_URL'];
    process.env['LOCAL_STRIPE_STANDIN_URL'] = 'http://127.0.0.1:9';
    expect((await sign(j)).status).toBe(200);
    process.env['LOCAL_STRIPE_STANDIN_URL'] = url;
    expect(objectsOf('payment_intent', j.appointmentId, 'capture')).toHaveLength(0);

    const reads = await Promise.all(Array.from({ length: 10 }, () => payment(j)));
    expect(reads.every((r) => r.status === 200)).toBe(true);
    const succeeded = stripe.events.filter(
      (e) =>
        e.type === 'payment_intent.succeeded' &&
        (e.data.object['metadata'] as Record<string, string>)['appointmentId'] === j.appointmentId,
    );
    expect(succeeded).toHaveLength(1);
    const replays = await Promise.all(Array.from({ length: 10 }, () => deliver(succeeded[0]!)));
    expect(replays.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(replays.filter((r) => r.body.duplicate === false)).toHaveLength(1);

    expect(objectsOf('payment_intent', j.appointmentId, 'capture')).toHaveLength(1);
    expect(objectsOf('transfer', j.appointmentId, 'payout')).toHaveLength(1);
    expect((await payment(j)).body.status).toBe('paid');
  });

  it('makes one charge for ten simultaneous signatures', async () => {
    const j = await acceptedJob({ depositPercent: 0 });
    await saveCard(j);
    for (const s of ['confirm', 'start', 'complete'] as const) await step(j, s);
    const signs = await Promise.all(Array.from({ length: 10 }, () => sign(j)));
    expect(signs.filter((r) => r.status === 200)).toHaveLength(1);
    expect(objectsOf('payment_intent', j.appointmentId, 'capture')).toHaveLength(1);
    expect(objectsOf('transfer', j.appointmentId, 'payout')).toHaveLength(1);
  });
});

describe('webhooks: POST /api/payments/webhook', () => {
  it('refuses a forged or stale signature with 400 and no effect', async () => {
    const mechanic = await payableMechanic();
    const { accountId } = await db
      .selectFrom('connectedAccounts')
      .select('accountId')
      .where('userId', '=', mechanic.id)
      .executeTakeFirstOrThrow();
    const event = {
      id: 'evt_forged_1',
      object: 'event',
      type: 'account.updated',
      created: Math.floor(Date.now() / 1000) + 10,
      data: { object: { id: accountId, object: 'account', charges_enabled: false, payouts_enabled: false } },
    };
    const payload = JSON.stringify(event);
    const forged = await deliver(event, stripe.sign(payload, undefined, 'whsec_not_the_secret'));
    expect(forged.status).toBe(400);
    expect(forged.body.detail).toBe('Invalid Stripe-Signature');
    expect((await deliver(event, stripe.sign(payload, Math.floor(Date.now() / 1000) - 301))).status).toBe(400);
    expect((await deliver(event, '')).status).toBe(400);
    expect(
      await db.selectFrom('stripeWebhookEvents').select('id').where('id', '=', 'evt_forged_1').executeTakeFirst(),
    ).toBeUndefined();
    expect((await callRoute(ROUTES.paymentsConnect, { as: mechanic })).body.status).toBe('ready');
  });

  it('leaves a paid job paid when payment_intent.payment_failed arrives after succeeded', async () => {
    const j = await acceptedJob({ depositPercent: 0 });
    await saveCard(j);
    for (const s of ['confirm', 'start', 'complete'] as const) await step(j, s);
    await sign(j);
    const [intent] = objectsOf('payment_intent', j.appointmentId, 'capture');
    const late = {
      id: `evt_late_fail_${Date.now()}`,
      object: 'event',
      type: 'payment_intent.payment_failed',
      created: Math.floor(Date.now() / 1000) - 60,
      data: { object: { ...intent, status: 'requires_payment_method' } },
    };
    expect((await deliver(late)).status).toBe(200);
    expect((await payment(j)).body).toMatchObject({ status: 'paid' });
  });

  it("Stripe's dispute test card (4000 0000 0000 0259) is charged, then disputed: the payment shows it and holds the payout", async () => {
    const j = await acceptedJob({ depositPercent: 50 });
    await saveCard(j, '4000 0000 0000 0259');
    const [deposit] = objectsOf('payment_intent', j.appointmentId, 'deposit');
    expect(deposit).toMatchObject({ status: 'succeeded' });
    // The network opens it after the charge's answer: awaited as an event, not a pause.
    await expect
      .poll(() =>
        stripe.events.find(
          (e) => e.type === 'charge.dispute.created' && e.data.object['payment_intent'] === deposit!.id,
        ),
      )
      .toBeDefined();
    const opened = stripe.events.find(
      (e) => e.type === 'charge.dispute.created' && e.data.object['payment_intent'] === deposit!.id,
    )!;
    expect((await deliver(opened)).status).toBe(200);
    expect((await payment(j)).body.status).toBe('disputed');
    await step(j, 'confirm');
    await step(j, 'start');
    expect(objectsOf('transfer', j.appointmentId, 'deposit')).toHaveLength(0);
  });

  it('freezes payouts while a dispute is open, lists it for admins with its deadline, and releases them when it is won', async () => {
    const j = await acceptedJob({ depositPercent: 50 });
    await saveCard(j);
    const [deposit] = objectsOf('payment_intent', j.appointmentId, 'deposit');
    const opened = await stripe.openDispute(deposit!.id);
    expect((await deliver(opened)).status).toBe(200);
    expect((await payment(j)).body.status).toBe('disputed');
    await step(j, 'confirm');
    await step(j, 'start');
    expect(objectsOf('transfer', j.appointmentId)).toHaveLength(0);

    const list = await callRoute(ROUTES.adminPayments, { query: { disputed: 'true' }, as: admin });
    const row = list.body.data.find((p: { appointmentId: string }) => p.appointmentId === j.appointmentId);
    expect(row).toMatchObject({ status: 'disputed', disputeStatus: 'needs_response' });
    expect(Date.parse(row!.disputeDueBy!)).toBeGreaterThan(Date.now());

    expect((await deliver(await stripe.closeDispute(String(opened.data.object.id), 'won'))).status).toBe(200);
    expect(objectsOf('transfer', j.appointmentId, 'deposit').map((t) => t['amount'])).toEqual([10_000]);
    expect((await payment(j)).body.status).toBe('deposit_paid');
  });
});

describe('admin payments and bad input', () => {
  it('lists payments paged, refunds part with a reason, and refuses more than what is left, negative and fractional amounts', async () => {
    const j = await acceptedJob({ depositPercent: 0 });
    await saveCard(j);
    for (const s of ['confirm', 'start', 'complete'] as const) await step(j, s);
    await sign(j);
    const page = await callRoute(ROUTES.adminPayments, { query: { limit: '1', status: 'paid' }, as: admin });
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(1);
    expect(page.body.pagination).toMatchObject({ page: 1, limit: 1 });
    const { id } = await db
      .selectFrom('payments')
      .select('id')
      .where('appointmentId', '=', j.appointmentId)
      .executeTakeFirstOrThrow();
    const refund = (body: unknown, token = admin.token) =>
      callRoute(ROUTES.adminPaymentRefund, { params: { id }, unchecked: body, as: token });

    expect((await refund({ amountCents: 120_001, reason: 'Too much' })).status).toBe(400);
    expect((await refund({ amountCents: -5, reason: 'Negative' })).status).toBe(400);
    expect((await refund({ amountCents: 10.5, reason: 'Fraction' })).status).toBe(400);
    expect((await refund({ amountCents: 100 })).status).toBe(400);
    expect((await refund({ amountCents: 100, reason: 'x' }, j.pilot.token)).status).toBe(403);
    expect(
      [...stripe.objects.values()].filter(
        (o) =>
          o.object === 'refund' &&
          o['payment_intent'] === objectsOf('payment_intent', j.appointmentId, 'capture')[0]!.id,
      ),
    ).toHaveLength(0);

    const part = await refund({ amountCents: 20_000, reason: 'Spark plugs not replaced' });
    expect(part.status, part.text).toBe(200);
    expect(part.body.data).toMatchObject({
      status: 'paid',
      refundedCents: 20_000,
      refunds: [{ amountCents: 20_000, reason: 'Spark plugs not replaced' }],
    });
    // The mechanic's share pays the refund: his payout transfer is reversed by the $200.00, the fee kept.
    const { payoutCents, feeCents } = part.body.data;
    const [transfer] = objectsOf('transfer', j.appointmentId, 'payout');
    expect(transfer).toMatchObject({ amount: payoutCents, amount_reversed: 20_000 });
    expect(part.body.data.sentToMechanicCents).toBe(payoutCents - 20_000);
    const told = await db
      .selectFrom('notifications')
      .select('message')
      .where('userId', '=', j.mechanic.id)
      .where('type', '=', 'payment.taken_back')
      .execute();
    expect(told.map((n) => n.message)).toEqual([
      expect.stringContaining('$200.00 of what you were sent for the Annual Inspection'),
    ]);
    expect(told[0]!.message).toContain('(Spark plugs not replaced)');
    // The owner gets a receipt for the refund.
    const refundMail = await db
      .selectFrom('outbox')
      .select(['subject', 'bodyText'])
      .where('kind', '=', 'payments.refund')
      .where('toAddress', '=', j.pilot.email)
      .executeTakeFirstOrThrow();
    expect(refundMail.subject).toMatch(/^Refund: \$200\.00 for the Annual Inspection on N\w+$/);
    expect(refundMail.bodyText).toContain('Reason: Spark plugs not replaced');
    expect(refundMail.bodyText).toContain('Refunded so far: $200.00 of the $1,200.00 charged for this job.');
    // The refund's own webhook changes nothing more.
    const refunded = stripe.events.findLast((e) => e.type === 'charge.refunded');
    expect((await deliver(refunded!)).status).toBe(200);
    expect((await payment(j)).body.refundedCents).toBe(20_000);
    const rest = await refund({ amountCents: 100_000, reason: 'Job disputed with the owner' });
    expect(rest.body.data).toMatchObject({ status: 'refunded', refundedCents: 120_000, sentToMechanicCents: 0 });
    // A whole refund takes back all he was sent and gives up the fee: nothing left the platform twice.
    expect(objectsOf('transfer', j.appointmentId, 'payout')[0]).toMatchObject({ amount_reversed: payoutCents });
    expect(feeCents).toBeGreaterThan(0);
    const [ledger] = await jobLedgers(db, [j.appointmentId]);
    expect(ledger).toMatchObject({
      chargedCents: 120_000,
      refundedCents: 120_000,
      transferredCents: 0,
      feeCents: 0,
      heldCents: 0,
    });
    expect((await refund({ amountCents: 1, reason: 'Again' })).status).toBe(409);
  });

  it('a refund Stripe cannot make says so and keeps nothing (a restored database naming a charge Stripe does not hold)', async () => {
    const j = await acceptedJob({ depositPercent: 0 });
    await saveCard(j);
    for (const s of ['confirm', 'start', 'complete'] as const) await step(j, s);
    await sign(j);
    const { id } = await db
      .selectFrom('payments')
      .select('id')
      .where('appointmentId', '=', j.appointmentId)
      .executeTakeFirstOrThrow();
    // What a restore from an older backup leaves beside a fresh test stand-in: the charge is gone there.
    const [charge] = objectsOf('payment_intent', j.appointmentId, 'capture');
    stripe.objects.delete(charge!.id as string);
    const res = await callRoute(ROUTES.adminPaymentRefund, {
      params: { id },
      body: { amountCents: 5_000, reason: 'Oil filter not replaced' },
      as: admin,
    });
    expect(res.status).toBe(409);
    expect(detailOf(res)).toBe(
      `Stripe has no record of the charge ${charge!.id as string}: nothing was refunded. Look the payment up in the Stripe dashboard.`,
    );
    expect((await payment(j)).body.refundedCents).toBe(0);
    const refunds = await db
      .selectFrom('paymentEvents')
      .select('id')
      .where('paymentId', '=', id)
      .where('kind', '=', 'refund')
      .execute();
    expect(refunds).toEqual([]);
  });

  it("refuses a deposit above 100 % or fractional, and another person's appointment", async () => {
    const mechanic = await payableMechanic();
    const pilot = await createUser('pilot');
    const request = await createRequest(pilot, { serviceLocation: 'KBZN', aircraftLocation: 'KBZN' });
    for (const depositPercent of [101, -1, 12.5, 'half']) {
      const res = await callRoute(ROUTES.requestBid, {
        params: { id: request.id },
        body: validBid({ depositPercent }),
        as: mechanic,
      });
      expect(res.status).toBe(400);
      expect(errorsOf(res)).toEqual([
        { path: 'depositPercent', message: 'Deposit must be a whole percent from 0 to 100' },
      ]);
    }
    const j = await acceptedJob({ mechanic });
    const stranger = await createUser('pilot');
    expect((await callRoute(ROUTES.appointmentPayment, { params: { id: j.appointmentId }, as: stranger })).status).toBe(
      404,
    );
    expect(
      (await callRoute(ROUTES.appointmentPaymentRetry, { params: { id: j.appointmentId }, as: stranger })).status,
    ).toBe(404);
    expect((await callRoute(ROUTES.appointmentPayment, { params: { id: 'not-a-uuid' }, as: pilot })).status).toBe(404);
  });

  it("proposes the console's deposit_percent when a bid does not say", async () => {
    await db
      .insertInto('systemSettings')
      .values({
        category: 'payment',
        settingKey: 'deposit_percent',
        settingValue: '25',
        dataType: 'number',
        description: null,
        isEncrypted: false,
        updatedBy: null,
      })
      .onConflict((oc) => oc.columns(['category', 'settingKey']).doUpdateSet({ settingValue: '25' }))
      .execute();
    const mechanic = await payableMechanic();
    expect((await callRoute(ROUTES.paymentsConnect, { as: mechanic })).body.defaultDepositPercent).toBe(25);
    const pilot = await createUser('pilot');
    const request = await createRequest(pilot, { serviceLocation: 'KBZN', aircraftLocation: 'KBZN' });
    const res = await callRoute(ROUTES.requestBid, { params: { id: request.id }, body: validBid(), as: mechanic });
    expect(res.body.depositPercent).toBe(25);
    await db.deleteFrom('systemSettings').where('settingKey', '=', 'deposit_percent').execute();
  });
});
