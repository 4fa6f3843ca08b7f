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

/** What the job's log says was sent to the mechanic, net of reversals (read under the payment's lock). */
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
  let net = 0;
  for (const r of rows) {
    const amount = Number(r.amountCents);
    if (r.kind !== REVERSAL_KIND) {
      net += amount;
      continue;
    }
    net -= amount;
    const t = r.stripeId ? transfers.get(r.stripeId) : undefined;
    if (t) {
      t.left -= amount;
      t.reversals += 1;
    }
  }
  return { net, transfers: [...transfers.values()] };
}
