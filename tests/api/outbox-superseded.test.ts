import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandin, type StripeStandin } from '../../scripts/lib/stripe-standin.ts';
import { deliverDueMessages } from '../../src/features/messaging/deliver.server.ts';
import type { Db } from '../../src/server/db/client.ts';
import { afterAnswersSettled } from '../../src/server/http/after-answer.ts';
import { api, call } from '../helpers/api.ts';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs.ts';
import { startFakeMessaging, type FakeMessaging } from '../helpers/fake-messaging.ts';
import { useIsolatedDatabase } from '../helpers/isolated-db.ts';
import { createRequest, mechanicWithProfile, validBid } from '../helpers/marketplace.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute } from '../helpers/call-route.ts';

// A message that asks for something, queued, then answered before it left, is not sent: the
// delivery's claim drops it as superseded, and the console's Outbox shows it so.
let db: Db;
let blobs: TestBlobs;
let stripe: StripeStandin;
let fake: FakeMessaging;
let admin: TestUser;

beforeAll(async () => {
  db = await useIsolatedDatabase();
  blobs = await startTestBlobs();
  stripe = await startStripeStandin();
  fake = await startFakeMessaging();
  process.env['LOCAL_STRIPE_STANDIN_URL'] = stripe.url;
  process.env['LOCAL_STRIPE_STANDIN_KEY'] = stripe.secretKey;
  process.env['LOCAL_STRIPE_STANDIN_WEBHOOK_SECRET'] = stripe.webhookSecret;
  process.env['MAILCHIMP_API_BASE'] = fake.url;
  admin = await createUser('admin');
  const key = new FormData();
  for (const [k, v] of Object.entries({ key_name: 'Production', api_key: 'md-valid-key', is_primary: 'true' }))
    key.set(k, v);
  const res = await call('POST', '/api/admin/config/api-keys?integration_type=mailchimp', {
    rawBody: key,
    token: admin.token,
  });
  expect(res.status, res.text).toBeLessThan(300);
});

afterAll(async () => {
  await afterAnswersSettled();
  await fake.close();
  await stripe.close();
  await blobs.stop();
  await db.destroy();
});

/** Every waiting message due now, as if its gather window had passed. */
const fastForward = () =>
  db
    .updateTable('outbox')
    .set({ nextAttemptAt: new Date(Date.now() - 1000) })
    .where('status', '=', 'pending')
    .execute();
const subjectsSentTo = (to: string) => fake.emails.filter((e) => e.to === to).map((e) => e.subject);

interface Job {
  pilot: TestUser;
  mechanic: TestUser;
  appointmentId: string;
}

async function payableMechanic(): Promise<TestUser> {
  const mechanic = await mechanicWithProfile({ baseLocation: 'KBZN', serviceRadius: '5' });
  expect((await callRoute(ROUTES.paymentsConnectStart, { as: mechanic })).status).toBe(200);
  const { accountId } = await db
    .selectFrom('connectedAccounts')
    .select('accountId')
    .where('userId', '=', mechanic.id)
    .executeTakeFirstOrThrow();
  await stripe.completeOnboarding(accountId);
  // Back from onboarding: the account's state is read again from Stripe.
  expect((await callRoute(ROUTES.paymentsConnect, { as: mechanic })).body.status).toBe('ready');
  return mechanic;
}

async function acceptedJob(): Promise<Job> {
  const mechanic = await payableMechanic();
  const pilot = await createUser('pilot', { firstName: 'Olga', lastName: 'Owner' });
  const request = await createRequest(pilot, { serviceLocation: 'KBZN', aircraftLocation: 'KBZN' });
  const { laborCost: _l, partsCost: _p, estimatedHours: _h, ...rest } = validBid();
  const lines = [
    { category: 'inspection', description: 'Annual inspection', laborHours: 10, laborRate: 100, partsCost: 0 },
  ];
  const quote = await callRoute(ROUTES.requestBid, {
    params: { id: request.id },
    body: { ...rest, lines, depositPercent: 0 },
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

const payment = (j: Job) => callRoute(ROUTES.appointmentPayment, { params: { id: j.appointmentId }, as: j.pilot });

async function saveCard(j: Job, card: string) {
  const { body } = await payment(j);
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

describe('a message whose reason passed before it left', () => {
  it('"Payment due", then the owner pays before it is sent: dropped as superseded, the receipt goes', async () => {
    const j = await acceptedJob();
    expect((await saveCard(j, '4000 0000 0000 0341')).body.status).toBe('card_saved');
    for (const s of ['confirm', 'start', 'complete'] as const) await step(j, s);
    const signed = await callRoute(ROUTES.recordSign, {
      params: { id: j.appointmentId },
      body: {
        fullName: `${j.mechanic.firstName} ${j.mechanic.lastName}`,
        certificateNumber: '3456789',
        statement: true,
      },
      as: j.mechanic,
    });
    expect(signed.status, signed.text).toBe(200);
    await afterAnswersSettled();
    expect((await payment(j)).body.status).toBe('payment_due');
    // The owner saves another card before the "Payment due" email left: the job is paid.
    expect((await saveCard(j, '4242 4242 4242 4242')).body.status).toBe('paid');

    await fastForward();
    const report = await deliverDueMessages(db);
    expect(report.superseded).toBeGreaterThanOrEqual(2);
    const ownerMail = subjectsSentTo(j.pilot.email);
    expect(ownerMail.some((s) => s.startsWith('Receipt:'))).toBe(true);
    expect(ownerMail.filter((s) => s.startsWith('Payment due'))).toEqual([]);
    const mechanicMail = subjectsSentTo(j.mechanic.email);
    expect(mechanicMail.some((s) => s.startsWith('Payout:'))).toBe(true);
    expect(mechanicMail.filter((s) => s.startsWith('Payment due'))).toEqual([]);

    // The console keeps it, with its state and why.
    const listed = await callRoute(ROUTES.adminOutbox, { query: { status: 'superseded' }, as: admin });
    expect(listed.status).toBe(200);
    const dropped = listed.body.data.filter(
      (m: { toAddress: string; kind: string }) => m.toAddress === j.pilot.email && m.kind === 'marketplace.payment.due',
    );
    expect(dropped).toEqual([
      expect.objectContaining({
        kind: 'marketplace.payment.due',
        status: 'superseded',
        lastError: expect.stringMatching(/^Superseded, not sent: the payment was made/),
      }),
    ]);
    expect(listed.body.counts.superseded).toBeGreaterThanOrEqual(2);
  });

  it('"Change order to decide", decided before it is sent: dropped as superseded, the decision reaches the mechanic', async () => {
    const j = await acceptedJob();
    expect((await saveCard(j, '4242 4242 4242 4242')).body.status).toBe('card_saved');
    for (const s of ['confirm', 'start'] as const) await step(j, s);
    const order = await callRoute(ROUTES.changeOrderCreate, {
      params: { id: j.appointmentId },
      body: {
        lines: [{ category: 'airworthy', description: 'Tire', laborHours: 1.2, laborRate: 100, partsCost: 80 }],
      },
      as: j.mechanic,
    });
    expect(order.status, order.text).toBe(201);
    const decided = await callRoute(ROUTES.changeOrderDecide, {
      params: { id: j.appointmentId, changeOrderId: order.body.id },
      body: { decisions: [{ lineId: order.body.lines[0]!.id, decision: 'approve' }] },
      as: j.pilot,
    });
    expect(decided.status, decided.text).toBe(200);

    await fastForward();
    await deliverDueMessages(db);
    expect(subjectsSentTo(j.pilot.email).filter((s) => s.startsWith('Change order to decide'))).toEqual([]);
    expect(subjectsSentTo(j.mechanic.email).some((s) => s.startsWith('Change order decided'))).toBe(true);
    const kept = await db
      .selectFrom('outbox')
      .select(['status', 'lastError'])
      .where('toAddress', '=', j.pilot.email)
      .where('kind', '=', 'marketplace.change_order.created')
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({
      status: 'superseded',
      lastError: 'Superseded, not sent: every change order of the job was decided before it was sent.',
    });
  });
});
