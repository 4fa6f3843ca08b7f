import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeStandin } from '../../scripts/lib/stripe-standin.ts';
import { startPaymentsWorld, stopPaymentsWorld } from '../helpers/payments-world.ts';
import type { Db } from '../../src/server/db/client.ts';
import { api } from '../helpers/api.ts';
import type { TestBlobs } from '../helpers/blobs.ts';
import { createRequest, mechanicWithProfile, notificationsOf, validBid } from '../helpers/marketplace.ts';
import { holdRowLock } from '../helpers/row-lock.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute } from '../helpers/call-route.ts';

// The rules that span the job's features (docs/decisions/0301): no charge or payout before the
// entry is signed, completion and its draft committed together, a deposit's fate at every ending,
// money that adds up per job, and concurrent actions on one job answered 409, never 500. Through
// the real functions, the embedded PostgreSQL and the Stripe stand-in. Jobs sit at Bozeman (KBZN).

let db: Db;
let blobs: TestBlobs;
let stripe: StripeStandin;
const PLACE = 'KBZN';

beforeAll(async () => {
  ({ db, blobs, stripe } = await startPaymentsWorld());
});

afterAll(() => stopPaymentsWorld({ db, blobs, stripe }));

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

/** $1,000 of labor and $200 of parts with a 50 % deposit ($100), accepted, the card saved and the deposit charged. */
async function paidDepositJob(): Promise<Job> {
  const mechanic = await payableMechanic();
  const pilot = await createUser('pilot', { firstName: 'Olga', lastName: 'Owner' });
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
  const job = { pilot, mechanic, requestId: request.id, appointmentId: accept.body.appointment.id };
  const { body } = await payment(job);
  const saved = await stripe.submitCard(body.actionUrl!.split('/').pop()!, '4242 4242 4242 4242');
  expect(saved.ok, saved.message).toBe(true);
  expect((await payment(job)).body).toMatchObject({ status: 'deposit_paid', depositCents: 10_000 });
  return job;
}

const payment = (j: Job, who: TestUser = j.pilot) =>
  callRoute(ROUTES.appointmentPayment, { params: { id: j.appointmentId }, as: who });

const step = (j: Job, action: 'confirm' | 'start' | 'complete') =>
  api.post(
    `/api/appointments/${j.appointmentId}/${action}`,
    action === 'complete' ? { mechanicNotes: 'Compression 74/76.' } : {},
    { token: j.mechanic.token },
  );

async function stepOk(j: Job, action: 'confirm' | 'start' | 'complete') {
  const res = await step(j, action);
  expect(res.status, `${action}: ${res.text}`).toBe(200);
}

const sign = (j: Job) =>
  callRoute(ROUTES.recordSign, {
    params: { id: j.appointmentId },
    body: { fullName: `${j.mechanic.firstName} ${j.mechanic.lastName}`, certificateNumber: '3456789', statement: true },
    as: j.mechanic,
  });

const ownerCancels = (j: Job) => callRoute(ROUTES.requestCancel, { params: { id: j.requestId }, as: j.pilot });

type StandinObject = Record<string, unknown> & { id: string; object: string };
const group = (j: Job) => `appt_${j.appointmentId}`;
const objects = () => [...stripe.objects.values()] as StandinObject[];
const purposeOf = (o: StandinObject) => (o['metadata'] as Record<string, string> | undefined)?.['purpose'];

/** What Stripe itself holds for the job: charges that went through, refunds, transfers. */
function stripeLedger(j: Job) {
  const intents = objects().filter(
    (o) => o.object === 'payment_intent' && o['transfer_group'] === group(j) && o['status'] === 'succeeded',
  );
  const ids = new Set(intents.map((i) => i.id));
  const sum = (xs: StandinObject[]) => xs.reduce((n, x) => n + Number(x['amount']), 0);
  return {
    captures: intents.filter((i) => purposeOf(i) === 'capture'),
    payouts: objects().filter(
      (o) => o.object === 'transfer' && o['transfer_group'] === group(j) && purposeOf(o) === 'payout',
    ),
    charged: sum(intents),
    refunded: sum(objects().filter((o) => o.object === 'refund' && ids.has(String(o['payment_intent'])))),
    // Net of reversals, as Stripe's transfer says (amount_reversed).
    transferred:
      sum(objects().filter((o) => o.object === 'transfer' && o['transfer_group'] === group(j))) -
      objects()
        .filter((o) => o.object === 'transfer' && o['transfer_group'] === group(j))
        .reduce((n, t) => n + Number(t['amount_reversed'] ?? 0), 0),
  };
}

/**
 * Charges minus refunds equal transfers plus the platform fee plus what the platform still holds,
 * from Stripe's own records; what is held is what the payment row says it holds (a deposit not yet
 * released, a charge whose payout a dispute froze). A job that ended holds nothing.
 */
async function expectMoneyAddsUp(j: Job) {
  const p = await db
    .selectFrom('payments')
    .selectAll()
    .where('appointmentId', '=', j.appointmentId)
    .executeTakeFirstOrThrow();
  const a = await db
    .selectFrom('appointments')
    .select('status')
    .where('id', '=', j.appointmentId)
    .executeTakeFirstOrThrow();
  const s = stripeLedger(j);
  const fee = p.paidAt ? Number(p.feeCents) : 0;
  const heldDeposit = p.depositState === 'paid' ? Number(p.depositCents) : 0;
  const heldCharge = p.paidAt && !p.transferId ? Number(p.chargeCents) - fee : 0;
  expect(s.charged - s.refunded, 'charges - refunds = transfers + fee + held').toBe(
    s.transferred + fee + heldDeposit + heldCharge,
  );
  if (a.status === 'cancelled') expect(heldDeposit, 'a cancelled job still holds the deposit').toBe(0);
}

/** Polls until `done` is true or `gone` settles; returns which came first. */
async function firstOf(done: () => Promise<boolean>, gone: Promise<unknown>): Promise<'condition' | 'settled'> {
  let settled = false;
  void gone.then(
    () => (settled = true),
    () => (settled = true),
  );
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    if (settled) return 'settled';
    if (await done()) return 'condition';
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('neither happened within 10 s');
}

// Each test walks a whole job (sign-up, quote, card, steps, signature with its PDFs): on a loaded
// machine that is more than the default 30 s.
const WHOLE_JOB = { timeout: 120_000 };

describe('no capture and no payout without a signed entry', WHOLE_JOB, () => {
  it('a payment read in the instant of the completion charges nothing; completion and its draft commit together', async () => {
    const j = await paidDepositJob();
    await stepOk(j, 'confirm');
    await stepOk(j, 'start');
    const { aircraftId } = await db
      .selectFrom('serviceRequests')
      .select('aircraftId')
      .where('id', '=', j.requestId)
      .executeTakeFirstOrThrow();
    // The aircraft's row held from outside: the entry's draft (which names the aircraft) waits for it.
    const lock = await holdRowLock('aircraft', aircraftId!);
    const completing = step(j, 'complete');
    await lock.waitForWaiters(1, 'the completion');
    // In this instant: a completed job has its draft, or it is not completed yet.
    const seen = await db
      .selectFrom('appointments')
      .leftJoin('maintenanceRecords as r', 'r.appointmentId', 'appointments.id')
      .select(['appointments.status', 'r.status as recordStatus'])
      .where('appointments.id', '=', j.appointmentId)
      .execute();
    expect
      .soft(
        seen.filter((r) => r.status === 'completed' && r.recordStatus === null),
        'completed without an entry',
      )
      .toEqual([]);
    // The owner's payment card reads the payment now.
    const read = payment(j);
    const first = await firstOf(async () => stripeLedger(j).captures.length > 0, read);
    expect(stripeLedger(j).captures, `charged before the entry was signed (${first})`).toEqual([]);
    await lock.release();
    expect((await completing).status).toBe(200);
    await read;
    expect((await payment(j)).body.status).toBe('deposit_paid');
    expect(stripeLedger(j).captures).toEqual([]);
    expect(stripeLedger(j).payouts).toEqual([]);
    const records = await db
      .selectFrom('maintenanceRecords')
      .select('status')
      .where('appointmentId', '=', j.appointmentId)
      .execute();
    expect(records).toEqual([{ status: 'draft' }]);
    await expectMoneyAddsUp(j);

    // Signed: charged once, paid once.
    expect((await sign(j)).status).toBe(200);
    expect((await payment(j)).body).toMatchObject({ status: 'paid', totalCents: 120_000 });
    expect(stripeLedger(j).captures).toHaveLength(1);
    expect(stripeLedger(j).payouts).toHaveLength(1);
    await expectMoneyAddsUp(j);
  });

  it('the database refuses to record a charge or a payout for a job whose entry is a draft', async () => {
    const j = await paidDepositJob();
    await stepOk(j, 'confirm');
    await stepOk(j, 'start');
    await stepOk(j, 'complete');
    await expect(
      db
        .updateTable('payments')
        .set({ paidAt: new Date(), chargeCents: 110_000 })
        .where('appointmentId', '=', j.appointmentId)
        .execute(),
    ).rejects.toThrow(/signed/);
    await expect(
      db
        .updateTable('payments')
        .set({ transferId: 'tr_forged' })
        .where('appointmentId', '=', j.appointmentId)
        .execute(),
    ).rejects.toThrow(/signed/);
  });
});

describe('one current entry per job', WHOLE_JOB, () => {
  it('the database refuses a second signed entry, or a fresh draft beside the signed one, for the same job', async () => {
    const j = await paidDepositJob();
    for (const s of ['confirm', 'start', 'complete'] as const) await stepOk(j, s);
    expect((await sign(j)).status).toBe(200);
    const signed = await db
      .selectFrom('maintenanceRecords')
      .selectAll()
      .where('appointmentId', '=', j.appointmentId)
      .executeTakeFirstOrThrow();
    const { id: _id, createdAt: _c, updatedAt: _u, documentId: _d, ...rest } = signed;
    const copy = {
      ...rest,
      completedOn: signed.completedOn.toISOString().slice(0, 10),
      discrepancies: JSON.stringify(signed.discrepancies),
    };
    await expect(
      db
        .insertInto('maintenanceRecords')
        .values({ ...copy, sha256: 'f'.repeat(64) })
        .execute(),
    ).rejects.toThrow(/maintenance_records_one_current/);
    await expect(
      db
        .insertInto('maintenanceRecords')
        .values({ ...copy, status: 'draft', signedAt: null, signerName: null, entryText: null, sha256: null })
        .execute(),
    ).rejects.toThrow(/maintenance_records_one_current/);
  });
});

describe('after the commit', WHOLE_JOB, () => {
  it('a charge that could not reach Stripe at the signature is made by the scheduled settlement, once', async () => {
    const j = await paidDepositJob();
    for (const s of ['confirm', 'start', 'complete'] as const) await stepOk(j, s);
    // Stripe unreachable while the entry is signed: the signature stands, the charge is owed.
    const url = process.env['LOCAL_STRIPE_STANDIN_URL'];
    process.env['LOCAL_STRIPE_STANDIN_URL'] = 'http://127.0.0.1:9';
    expect((await sign(j)).status).toBe(200);
    process.env['LOCAL_STRIPE_STANDIN_URL'] = url;
    expect(stripeLedger(j).captures).toEqual([]);
    // Nobody reads the payment; the schedule runs twice.
    const { default: settle } = await import('../../netlify/functions/payments-settle.ts');
    expect((await settle()).status).toBe(204);
    expect((await settle()).status).toBe(204);
    expect(stripeLedger(j).captures).toHaveLength(1);
    expect(stripeLedger(j).payouts).toHaveLength(1);
    const p = await db
      .selectFrom('payments')
      .selectAll()
      .where('appointmentId', '=', j.appointmentId)
      .executeTakeFirstOrThrow();
    expect(p.status).toBe('paid');
    await expectMoneyAddsUp(j);
  });
});

describe("a deposit's fate when the mechanic was stopped", WHOLE_JOB, () => {
  it('refunds the deposit to the owner who cancels after the mechanic was rejected, and says so', async () => {
    const admin = await createUser('admin');
    const j = await paidDepositJob();
    await stepOk(j, 'confirm');
    const rejected = await callRoute(ROUTES.adminMechanicReject, {
      params: { id: j.mechanic.id },
      body: { reason: 'Certificate revoked' },
      as: admin,
    });
    expect(rejected.status, rejected.text).toBe(200);
    // The cancel dialog reads what happens to the deposit from the payment.
    expect((await payment(j)).body.depositOnCancel).toBe('refunded');
    const cancelled = await ownerCancels(j);
    expect(cancelled.status, cancelled.text).toBe(200);
    const p = await db
      .selectFrom('payments')
      .selectAll()
      .where('appointmentId', '=', j.appointmentId)
      .executeTakeFirstOrThrow();
    expect(p).toMatchObject({ depositState: 'refunded' });
    expect(stripeLedger(j)).toMatchObject({ refunded: 10_000, transferred: 0 });
    const told = await notificationsOf(j.pilot);
    expect(JSON.stringify(told)).toMatch(/deposit of \$100\.00[^"]*(is being|was) refunded/);
    await expectMoneyAddsUp(j);
  });

  it('refunds the deposit of a job re-listed after its mechanic was rejected', async () => {
    const admin = await createUser('admin');
    const j = await paidDepositJob();
    await stepOk(j, 'confirm');
    const rejected = await callRoute(ROUTES.adminMechanicReject, {
      params: { id: j.mechanic.id },
      body: { reason: 'Insurance lapsed' },
      as: admin,
    });
    expect(rejected.status, rejected.text).toBe(200);
    const relisted = await callRoute(ROUTES.requestRelist, { params: { id: j.requestId }, as: j.pilot });
    expect(relisted.status, relisted.text).toBe(201);
    const view = (await payment(j)).body;
    expect(view).toMatchObject({ refundedCents: 10_000 });
    expect(view.depositOnCancel).not.toBe('kept');
    expect(stripeLedger(j)).toMatchObject({ refunded: 10_000, transferred: 0 });
    expect(JSON.stringify(await notificationsOf(j.pilot))).toMatch(/deposit of \$100\.00[^"]*(is being|was) refunded/);
    await expectMoneyAddsUp(j);
  });

  it('takes back a deposit released when work started and refunds the owner when the job is re-listed after a rejection', async () => {
    const admin = await createUser('admin');
    const j = await paidDepositJob();
    await stepOk(j, 'confirm');
    await stepOk(j, 'start');
    expect(stripeLedger(j)).toMatchObject({ refunded: 0, transferred: 10_000 });
    const rejected = await callRoute(ROUTES.adminMechanicReject, {
      params: { id: j.mechanic.id },
      body: { reason: 'Certificate revoked' },
      as: admin,
    });
    expect(rejected.status, rejected.text).toBe(200);
    const relisted = await callRoute(ROUTES.requestRelist, { params: { id: j.requestId }, as: j.pilot });
    expect(relisted.status, relisted.text).toBe(201);
    expect((await payment(j)).body).toMatchObject({ refundedCents: 10_000 });
    expect(stripeLedger(j)).toMatchObject({ refunded: 10_000, transferred: 0 });
    const [deposit] = objects().filter((o) => o.object === 'transfer' && o['transfer_group'] === group(j));
    expect(deposit).toMatchObject({ amount: 10_000, amount_reversed: 10_000, reversed: true });
    expect(JSON.stringify(await notificationsOf(j.mechanic))).toContain('$100.00 of what you were sent');
    expect(JSON.stringify(await notificationsOf(j.pilot))).toMatch(/deposit of \$100\.00[^"]*(is being|was) refunded/);
    await expectMoneyAddsUp(j);
  });

  it('still keeps the deposit for the approved mechanic when the owner cancels after confirmation', async () => {
    const j = await paidDepositJob();
    await stepOk(j, 'confirm');
    expect((await payment(j)).body.depositOnCancel).toBe('kept');
    expect((await ownerCancels(j)).status).toBe(200);
    expect(stripeLedger(j)).toMatchObject({ refunded: 0, transferred: 10_000 });
    await expectMoneyAddsUp(j);
  });
});

describe('concurrent actions on one job', WHOLE_JOB, () => {
  for (const action of ['start', 'cancel'] as const) {
    it(`the owner cancelling while the mechanic ${action === 'start' ? 'starts' : 'cancels'} answers 409, never 500`, async () => {
      const j = await paidDepositJob();
      await stepOk(j, 'confirm');
      // Both requests lined up behind the request's row, the owner's first.
      const lock = await holdRowLock('service_requests', j.requestId);
      const owner = ownerCancels(j);
      await lock.waitForWaiters(1, "the owner's cancellation");
      const mechanic =
        action === 'start'
          ? step(j, 'start')
          : callRoute(ROUTES.appointmentCancelByMechanic, {
              params: { id: j.appointmentId },
              body: { reason: 'Sick' },
              as: j.mechanic,
            });
      await lock.waitForWaiters(2, `the mechanic's ${action}`);
      await lock.release();
      const answers = await Promise.all([owner, mechanic]);
      expect(
        answers.map((r) => r.status),
        answers.map((r) => r.text).join('\n'),
      ).toEqual([200, 409]);
      expect(answers[1]!.body.detail).toMatch(/cancel/i);
      await expectMoneyAddsUp(j);
    });
  }
});
