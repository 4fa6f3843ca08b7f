import type { Selectable } from 'kysely';
import type { Db } from '../../server/db/client.ts';
import type { PaymentsTable } from '../../server/db/tables/payments.ts';
import { mechanicShare } from '../../contract/refund-split.ts';

/**
 * One figure for what the mechanic is owed from a job (docs/decisions/0390), read by every step
 * that sends or takes back money: the payout, the deposit's release, a refund, the earnings page.
 */
export function mechanicShareOf(
  p: Pick<Selectable<PaymentsTable>, 'paidAt' | 'payoutCents' | 'depositCents' | 'depositState' | 'refundedCents'>,
): number {
  return mechanicShare({
    paid: p.paidAt !== null,
    payoutCents: Number(p.payoutCents),
    depositCents: Number(p.depositCents),
    depositState: p.depositState,
    refundedCents: Number(p.refundedCents),
  });
}

export const TRANSFER_KINDS = ['deposit_transferred', 'deposit_kept', 'transferred'] as const;
export const REVERSAL_KIND = 'transfer_reversed';

export interface SentToMechanic {
  /** Sent and not taken back. */
  net: number;
  /** Each transfer, newest first, with what is left of it to take back. */
  transfers: Array<{ id: string; left: number; reversals: number }>;
}

/** What the log says was sent to each job's mechanic, net of reversals: one sum per payment, for pages of payments. */
export async function netSentByPayment(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('paymentEvents')
    .select((eb) => [
      'paymentId',
      eb.fn
        .sum<string>(
          eb.case().when('kind', '=', REVERSAL_KIND).then(eb.neg('amountCents')).else(eb.ref('amountCents')).end(),
        )
        .as('net'),
    ])
    .where('paymentId', 'in', ids)
    .where('kind', 'in', [...TRANSFER_KINDS, REVERSAL_KIND])
    .groupBy('paymentId')
    .execute();
  return new Map(rows.map((r) => [r.paymentId, Number(r.net)]));
}

/** What the job's log says was sent to the mechanic, and each transfer's part left to take back (read under the payment's lock). */
export async function sentToMechanic(db: Db, paymentId: string): Promise<SentToMechanic> {
  const rows = await db
    .selectFrom('paymentEvents')
    .select(['kind', 'amountCents', 'stripeId'])
    .where('paymentId', '=', paymentId)
    .where('kind', 'in', [...TRANSFER_KINDS, REVERSAL_KIND])
    .orderBy('createdAt', 'desc')
    .execute();
  const transfers = new Map<string, { id: string; left: number; reversals: number }>();
  for (const r of rows)
    if (r.kind !== REVERSAL_KIND && r.stripeId)
      transfers.set(r.stripeId, { id: r.stripeId, left: Number(r.amountCents), reversals: 0 });
  for (const r of rows) {
    const t = r.kind === REVERSAL_KIND && r.stripeId ? transfers.get(r.stripeId) : undefined;
    if (t) {
      t.left -= Number(r.amountCents);
      t.reversals += 1;
    }
  }
  const net = (await netSentByPayment(db, [paymentId])).get(paymentId) ?? 0;
  return { net, transfers: [...transfers.values()] };
}
