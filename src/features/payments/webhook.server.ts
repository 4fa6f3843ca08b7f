import type Stripe from 'stripe';
import { PAYMENT_MACHINE, targetOf } from '../../contract/machines.ts';
import { depositInHandCents } from '../../contract/payments.ts';
import type { Db } from '../../server/db/client.ts';
import { badRequest } from '../../server/http/errors.ts';
import { applyAccount, paymentsUnavailable } from './connect.server.ts';
import { cardSaved } from './payments.server.ts';
import { fileInvoice } from './receipt.server.ts';
import { logEvent, withPayment, type PaymentRow } from './money.server.ts';
import { markPaid } from './owner-charges.server.ts';
import { payout, releaseDeposit } from './mechanic-transfers.server.ts';
import { stripeSetup, type StripeSetup } from './stripe.server.ts';

/** Stripe's default: a signature older (or newer) than five minutes is refused, so a captured request cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * POST /api/payments/webhook. The signature is checked over the raw body (HMAC-SHA256 of
 * `t.payload` with the webhook signing secret); the event id is recorded first, so a replay does
 * nothing; each handler only moves a payment forward (out-of-order safe). A handler that fails
 * forgets the id again and answers 500, so Stripe retries it.
 */
export async function receiveWebhook(
  db: Db,
  payload: string,
  signature: string | null,
): Promise<{ received: true; duplicate: boolean }> {
  const setup = await stripeSetup(db);
  if (!setup) throw paymentsUnavailable();
  if (!setup.webhookSecret) throw badRequest("No webhook signing secret is configured (the Stripe key's API secret)");
  let event: Stripe.Event;
  try {
    event = setup.stripe.webhooks.constructEvent(
      payload,
      signature ?? '',
      setup.webhookSecret,
      WEBHOOK_TOLERANCE_SECONDS,
    );
  } catch {
    throw badRequest('Invalid Stripe-Signature');
  }
  const inserted = await db
    .insertInto('stripeWebhookEvents')
    .values({ id: event.id, type: event.type, created: event.created })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return { received: true, duplicate: true };
  try {
    await handle(db, setup, event);
  } catch (error) {
    await db.deleteFrom('stripeWebhookEvents').where('id', '=', event.id).execute();
    throw error;
  }
  return { received: true, duplicate: false };
}

const appointmentOf = (o: { metadata?: Stripe.Metadata | null }) => o.metadata?.['appointmentId'] ?? null;

async function paymentByIntent(db: Db, intentId: string): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where((eb) => eb.or([eb('chargeIntentId', '=', intentId), eb('depositIntentId', '=', intentId)]))
    .executeTakeFirst();
}

async function handle(db: Db, setup: StripeSetup, event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case 'account.updated':
      return applyAccount(db, event.data.object, event.created);
    case 'setup_intent.succeeded': {
      const si = event.data.object;
      const appointmentId = appointmentOf(si);
      const pm = typeof si.payment_method === 'string' ? si.payment_method : si.payment_method?.id;
      if (appointmentId && pm) await cardSaved(db, setup, appointmentId, pm);
      return;
    }
    case 'payment_intent.succeeded': {
      const pi = event.data.object;
      const appointmentId = appointmentOf(pi);
      if (!appointmentId) return;
      // Our own call normally recorded it already; this covers an answer lost on the way back.
      await withPayment(db, appointmentId, async (trx, p) => {
        const purpose = pi.metadata?.['purpose'];
        const attempt = Number(pi.metadata?.['attempt'] ?? -1);
        if (purpose === 'capture' && !p.paidAt && attempt === p.captureAttempt) {
          return markPaid(trx, setup, p, {
            intentId: pi.id,
            chargeId: typeof pi.latest_charge === 'string' ? pi.latest_charge : null,
            amount: pi.amount,
          });
        }
        if (purpose === 'deposit' && p.depositState === 'due' && attempt === p.captureAttempt) {
          return trx
            .updateTable('payments')
            .set({
              depositState: 'paid',
              depositIntentId: pi.id,
              status: targetOf(PAYMENT_MACHINE, 'payDeposit'),
              dueFor: null,
              failureMessage: null,
              updatedAt: new Date(),
            })
            .where('id', '=', p.id)
            .returningAll()
            .executeTakeFirstOrThrow();
        }
        return p;
      });
      await fileInvoice(db, appointmentId).catch((e: unknown) => console.error('Filing the invoice failed', e));
      return;
    }
    case 'payment_intent.payment_failed':
      // Our call already turned a failure into "Payment due"; a failure arriving after a success
      // (or for an attempt that was replaced) must not undo it, so this event changes nothing.
      return;
    case 'charge.refunded': {
      const charge = event.data.object;
      const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      if (!intentId) return;
      const found = await paymentByIntent(db, intentId);
      if (!found) return;
      await withPayment(db, found.appointmentId, async (trx, p) => {
        const known = await trx
          .selectFrom('paymentEvents')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amountCents'), eb.val('0')).as('n'))
          .where('paymentId', '=', p.id)
          .where('kind', '=', 'refund')
          .where('stripeId', '=', intentId)
          .executeTakeFirstOrThrow();
        // A refund made elsewhere (Stripe's dashboard): counted once, as the total only grows.
        const extra = charge.amount_refunded - Number(known.n);
        if (extra <= 0) return p;
        await logEvent(trx, p.id, 'refund', extra, 'Refunded in Stripe', intentId);
        const refunded = Number(p.refundedCents) + extra;
        const charged = Number(p.chargeCents) + depositInHandCents(p);
        return trx
          .updateTable('payments')
          .set({
            refundedCents: refunded,
            ...(refunded >= charged ? { status: targetOf(PAYMENT_MACHINE, 'refund') } : {}),
            updatedAt: new Date(),
          })
          .where('id', '=', p.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      return;
    }
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed': {
      const dispute = event.data.object;
      const intentId = typeof dispute.payment_intent === 'string' ? dispute.payment_intent : dispute.payment_intent?.id;
      if (!intentId) return;
      const found = await paymentByIntent(db, intentId);
      if (!found) return;
      await withPayment(db, found.appointmentId, async (trx, p) => {
        // A dispute's later event never goes back to an earlier one (closed is final).
        if (p.disputeId === dispute.id && ['won', 'lost'].includes(p.disputeStatus ?? '')) return p;
        const closedWon = dispute.status === 'won';
        const dueBy = dispute.evidence_details?.due_by ? new Date(dispute.evidence_details.due_by * 1000) : null;
        const settled = targetOf(
          PAYMENT_MACHINE,
          p.paidAt ? 'pay' : ['paid', 'transferred'].includes(p.depositState) ? 'payDeposit' : 'saveCard',
        );
        let row = await trx
          .updateTable('payments')
          .set({
            disputeId: dispute.id,
            disputeStatus: dispute.status,
            disputeDueBy: dueBy,
            status: closedWon ? settled : targetOf(PAYMENT_MACHINE, 'dispute'),
            updatedAt: new Date(),
          })
          .where('id', '=', p.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await logEvent(trx, p.id, `dispute_${dispute.status}`, dispute.amount, dispute.reason ?? null, dispute.id);
        if (closedWon) {
          // What the dispute held is sent now: the deposit of a started job, the payout of a paid one.
          const job = await trx
            .selectFrom('appointments')
            .select('status')
            .where('id', '=', p.appointmentId)
            .executeTakeFirstOrThrow();
          if (job.status === 'in_progress' || job.status === 'completed') row = await releaseDeposit(trx, setup, row);
          row = await payout(trx, setup, row);
        }
        return row;
      });
      return;
    }
    default:
      return;
  }
}
