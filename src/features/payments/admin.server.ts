import type { AdminPayment, AdminPaymentsPage, PaymentStatus, RefundData } from '../../contract/payments.ts';
import { depositChargedCents, depositInHandCents, formatCents } from '../../contract/payments.ts';
import type { EarningsFromPayments } from '../../contract/payments-earnings.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import Stripe from 'stripe';
import { badRequest, conflict, HttpError, notFound } from '../../server/http/errors.ts';
import { isUuid } from '../../contract/ids.ts';
import { PAYMENT_MACHINE, targetOf } from '../../contract/machines.ts';
import { jobOf, logEvent, whatOf, withPayment, zoneOfJob, type PaymentRow } from './money.server.ts';
import { takeBack } from './mechanic-transfers.server.ts';
import { enqueueEmail } from '../messaging/outbox.server.ts';
import { timeInZone } from '../marketplace/geo/airport-day.ts';
import { mechanicShareOf, netSentByPayment } from './mechanic-share.server.ts';
import { feeKept } from '../../contract/refund-split.ts';
import { requireStripe } from './connect.server.ts';

function listQuery(db: Db) {
  return db
    .selectFrom('payments as p')
    .innerJoin('appointments as a', 'a.id', 'p.appointmentId')
    .innerJoin('serviceRequests as r', 'r.id', 'a.serviceRequestId')
    .innerJoin('users as o', 'o.id', 'p.ownerId')
    .innerJoin('users as m', 'm.id', 'p.mechanicId');
}

type ListRow = PaymentRow & {
  ownerFirst: string;
  ownerLast: string;
  mechFirst: string;
  mechLast: string;
  aircraftTailNumber: string;
};

async function toAdmin(db: Db, rows: ListRow[]): Promise<AdminPayment[]> {
  const ids = rows.map((r) => r.id);
  const sent = await netSentByPayment(db, ids);
  const refunds = ids.length
    ? await db
        .selectFrom('paymentEvents')
        .select(['paymentId', 'amountCents', 'detail', 'createdAt'])
        .where('paymentId', 'in', ids)
        .where('kind', '=', 'refund')
        .orderBy('createdAt')
        .execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    appointmentId: r.appointmentId,
    status: r.status,
    ownerName: `${r.ownerFirst} ${r.ownerLast}`,
    mechanicName: `${r.mechFirst} ${r.mechLast}`,
    aircraftTailNumber: r.aircraftTailNumber,
    totalCents: Number(r.totalCents),
    depositCents: Number(r.depositCents),
    feeCents: Number(r.feeCents),
    payoutCents: Number(r.payoutCents),
    chargedCents: chargedOf(r),
    refundedCents: Number(r.refundedCents),
    depositState: r.depositState,
    sentToMechanicCents: sent.get(r.id) ?? 0,
    paidAt: r.paidAt?.toISOString() ?? null,
    disputeStatus: r.disputeStatus,
    disputeDueBy: r.disputeDueBy?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    refunds: refunds
      .filter((e) => e.paymentId === r.id)
      .map((e) => ({ amountCents: Number(e.amountCents), reason: e.detail, createdAt: e.createdAt.toISOString() })),
  }));
}

/** What the owner's card was charged for this job: the deposit (unless it failed) and the capture. */
const chargedOf = (p: PaymentRow) => Number(p.chargeCents) + depositChargedCents(p);

const selection = [
  'o.firstName as ownerFirst',
  'o.lastName as ownerLast',
  'm.firstName as mechFirst',
  'm.lastName as mechLast',
  'r.aircraftTailNumber',
] as const;

/** GET /api/admin/payments: newest first, paged, by status or only disputed ones. */
export async function listPayments(
  db: Db,
  q: { page: number; limit: number; status?: PaymentStatus | undefined; disputed?: 'true' | 'false' | undefined },
): Promise<AdminPaymentsPage> {
  let base = listQuery(db);
  if (q.status) base = base.where('p.status', '=', q.status);
  if (q.disputed === 'true') base = base.where('p.disputeId', 'is not', null);
  const [rows, count] = await Promise.all([
    base
      .selectAll('p')
      .select([...selection])
      .orderBy('p.createdAt', 'desc')
      .orderBy('p.id')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return {
    success: true,
    data: await toAdmin(db, rows as ListRow[]),
    pagination: { page: q.page, limit: q.limit, total, pages: Math.max(1, Math.ceil(total / q.limit)) },
  };
}

/**
 * What the administrator is told when Stripe does not make a refund: nothing of it is kept (the
 * transaction rolls back; a retry sends the same idempotency keys, so a part Stripe did make is not
 * made twice). Before, any Stripe error was a 500 "Something went wrong".
 */
function refundRefused(error: unknown, intentId: string): unknown {
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
    return conflict(
      `Stripe has no record of the charge ${intentId}: nothing was refunded. Look the payment up in the Stripe dashboard.`,
    );
  if (error instanceof Stripe.errors.StripeError)
    return new HttpError(
      502,
      `Stripe did not make the refund (${error.message}): nothing was refunded. Try again in a moment.`,
    );
  return error;
}

/**
 * POST /api/admin/payments/:id/refund: a whole or partial refund with a reason, from the capture
 * first, then the deposit. Never more than what was charged and not yet refunded.
 */
export async function refundPayment(
  db: Db,
  admin: UserRow,
  paymentId: string,
  data: RefundData,
): Promise<AdminPayment> {
  if (!isUuid(paymentId)) throw notFound('Payment not found');
  const found = await db.selectFrom('payments').select('appointmentId').where('id', '=', paymentId).executeTakeFirst();
  if (!found) throw notFound('Payment not found');
  const setup = await requireStripe(db);
  const { stripe } = setup;
  await withPayment(db, found.appointmentId, async (trx, p) => {
    const left = chargedOf(p) - Number(p.refundedCents);
    if (left <= 0) throw conflict('Nothing is left to refund on this payment');
    if (data.amountCents > left)
      throw badRequest(`A refund can be at most ${formatCents(left)}, what was charged and not yet refunded`, [
        { path: 'amountCents', message: `At most ${left}` },
      ]);
    const n = await trx
      .selectFrom('paymentEvents')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('paymentId', '=', p.id)
      .where('kind', '=', 'refund')
      .executeTakeFirstOrThrow();
    const refundedOf = async (intentId: string) =>
      Number(
        (
          await trx
            .selectFrom('paymentEvents')
            .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amountCents'), eb.val('0')).as('n'))
            .where('paymentId', '=', p.id)
            .where('kind', '=', 'refund')
            .where('stripeId', '=', intentId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    let remaining = data.amountCents;
    const sources: Array<[string | null, number]> = [
      [p.chargeIntentId, Number(p.chargeCents)],
      [p.depositIntentId, depositInHandCents(p)],
    ];
    for (const [intentId, charged] of sources) {
      if (!intentId || remaining <= 0) continue;
      const amount = Math.min(remaining, charged - (await refundedOf(intentId)));
      if (amount <= 0) continue;
      await stripe.refunds
        .create(
          { payment_intent: intentId, amount, metadata: { paymentId: p.id, reason: data.reason } },
          { idempotencyKey: `refund:${p.id}:${n.n}:${intentId}` },
        )
        .catch((error: unknown) => {
          throw refundRefused(error, intentId);
        });
      await logEvent(trx, p.id, 'refund', amount, data.reason, intentId, admin.id);
      remaining -= amount;
    }
    const refunded = Number(p.refundedCents) + data.amountCents - remaining;
    const row = await trx
      .updateTable('payments')
      .set({
        refundedCents: refunded,
        ...(refunded >= chargedOf(p) ? { status: targetOf(PAYMENT_MACHINE, 'refund') } : {}),
        updatedAt: new Date(),
      })
      .where('id', '=', p.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    // The mechanic's share pays the refund first (docs/decisions/0390): what he was sent beyond it comes back.
    await takeBack(trx, setup, row, data.reason);
    // The owner's receipt for the refund, queued with the refund (sent once, after the commit).
    const job = await jobOf(trx, p.appointmentId);
    const amount = data.amountCents - remaining;
    await enqueueEmail(trx, {
      kind: 'payments.refund',
      to: job.ownerEmail,
      subject: `Refund: ${formatCents(amount)} for ${whatOf(job)}`,
      text: [
        `Hi ${job.ownerFirstName},`,
        '',
        `We refunded ${formatCents(amount)} to your card for ${whatOf(job)} on ${timeInZone(zoneOfJob(job), new Date())}.`,
        `Reason: ${data.reason}`,
        `Refunded so far: ${formatCents(refunded)} of the ${formatCents(chargedOf(p))} charged for this job.`,
        'Your bank shows it within 5-10 business days, as a refund of the original charge.',
      ].join('\n'),
    });
    return row;
  });
  const row = await listQuery(db)
    .selectAll('p')
    .select([...selection])
    .where('p.id', '=', paymentId)
    .executeTakeFirstOrThrow();
  return (await toAdmin(db, [row as ListRow]))[0]!;
}

/** GET /api/payments/earnings: the mechanic's money from payments (transfers made, money held, fees). */
export async function earningsOf(db: Db, mechanic: UserRow): Promise<EarningsFromPayments> {
  const rows = await listQuery(db)
    .selectAll('p')
    .select([...selection])
    .where('p.mechanicId', '=', mechanic.id)
    .orderBy('p.createdAt', 'desc')
    .limit(200)
    .execute();
  const sent = await netSentByPayment(
    db,
    rows.map((p) => p.id),
  );
  let paidCents = 0;
  let pendingCents = 0;
  let feesCents = 0;
  for (const p of rows) {
    const net = sent.get(p.id) ?? 0;
    paidCents += net;
    // One figure with the payout and the refunds (docs/decisions/0390): owed minus sent.
    if (p.paidAt) {
      feesCents += feeKept(Number(p.feeCents), chargedOf(p), Number(p.refundedCents), true);
      pendingCents += Math.max(0, mechanicShareOf(p) - net);
    } else if (p.depositState === 'paid') pendingCents += Math.max(0, Number(p.depositCents) - Number(p.refundedCents));
    else if (p.status === 'payment_due') pendingCents += Math.max(0, Number(p.totalCents) - Number(p.feeCents) - net);
  }
  return {
    paidCents,
    pendingCents,
    feesCents,
    jobs: rows.map((p) => ({
      appointmentId: p.appointmentId,
      aircraftTailNumber: p.aircraftTailNumber,
      status: p.status,
      totalCents: Number(p.totalCents),
      feeCents: Number(p.feeCents),
      payoutCents: Number(p.payoutCents),
      paidAt: p.paidAt?.toISOString() ?? null,
    })),
  };
}
