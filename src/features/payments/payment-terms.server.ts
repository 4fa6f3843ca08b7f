import type { Tx } from '../../server/db/client.ts';
import { approvedCentsOf, feeCentsOf, paymentSettings } from './amounts.server.ts';
import { depositCentsFor } from '../../contract/payments.ts';
import { connectStatusOf } from './connect.server.ts';
import { stripeSetup } from './stripe.server.ts';

/**
 * The payment's terms, written in the job's own transactions: the deposit when the job is created,
 * the approved total, fee and payout when it is completed.
 */

/**
 * The payment terms of a new job, in the transaction that creates it (src/features/jobs/create-job.server.ts):
 * when the mechanic's payouts are ready and payments are configured, the job's payment row, with
 * the deposit its approved parts call for. Null: the job is paid outside Skyward, as before payments.
 */
export async function writePaymentTerms(trx: Tx, appointmentId: string): Promise<{ depositCents: number } | null> {
  const a = await trx
    .selectFrom('appointments as a')
    .innerJoin('bids as b', 'b.id', 'a.bidId')
    .select(['a.id', 'a.bidId', 'a.customerId', 'a.mechanicId', 'b.depositPercent'])
    .where('a.id', '=', appointmentId)
    .executeTakeFirstOrThrow();
  const account = await trx
    .selectFrom('connectedAccounts')
    .selectAll()
    .where('userId', '=', a.mechanicId)
    .executeTakeFirst();
  if (!account || connectStatusOf(account) !== 'ready') return null;
  if (!(await stripeSetup(trx))) return null;
  const { partsCents } = await approvedCentsOf(trx, a.bidId);
  const depositCents = depositCentsFor(partsCents, a.depositPercent);
  await trx
    .insertInto('payments')
    .values({
      appointmentId,
      ownerId: a.customerId,
      mechanicId: a.mechanicId,
      accountId: account.accountId,
      depositPercent: a.depositPercent,
      depositCents,
      depositState: depositCents > 0 ? 'due' : 'none',
    })
    .onConflict((oc) => oc.column('appointmentId').doNothing())
    .execute();
  return { depositCents };
}

/**
 * The completion's share of the payment, in the completion's own transaction (the payment locked
 * after the request and the appointment, the one lock order): the approved total, fee and payout
 * the signature will charge, fixed now that every change order is decided.
 */
export async function paymentOnCompletion(trx: Tx, appointmentId: string): Promise<void> {
  const p = await trx
    .selectFrom('payments')
    .selectAll()
    .where('appointmentId', '=', appointmentId)
    .forUpdate()
    .executeTakeFirst();
  if (!p || p.paidAt) return;
  const job = await trx
    .selectFrom('appointments')
    .select('bidId')
    .where('id', '=', appointmentId)
    .executeTakeFirstOrThrow();
  const { totalCents } = await approvedCentsOf(trx, job.bidId);
  const settings = await paymentSettings(trx);
  const feeCents = feeCentsOf(totalCents, settings.feePercent, settings.feeMinimumCents);
  await trx
    .updateTable('payments')
    .set({ totalCents, feeCents, payoutCents: totalCents - feeCents, updatedAt: new Date() })
    .where('id', '=', p.id)
    .execute();
}
