import type { Db } from '../../server/db/client.ts';
import { PAYMENT_SETTINGS } from '../../contract/payments.ts';

/**
 * What the owner owes for a job, in cents: the approved lines of the bid plus the approved lines of
 * its change orders (issue 14). The one place payments read a job's price, so it can be pointed at
 * the pricing function of the bid lines when that one computes quoted/approved/final figures.
 */
export async function approvedCentsOf(db: Db, bidId: string): Promise<{ totalCents: number; partsCents: number }> {
  const rows = await db
    .selectFrom('bidLines')
    .select(['laborCents', 'partsCents'])
    .where('bidId', '=', bidId)
    .where('decision', '=', 'approve')
    .execute();
  return rows.reduce(
    (t, r) => ({
      totalCents: t.totalCents + Number(r.laborCents) + Number(r.partsCents),
      partsCents: t.partsCents + Number(r.partsCents),
    }),
    { totalCents: 0, partsCents: 0 },
  );
}

/** The deposit: a whole percent of the approved parts, rounded to the cent. */
export const depositCentsOf = (partsCents: number, percent: number) => Math.round((partsCents * percent) / 100);

/** The platform fee: a percent of the total, at least the minimum, never more than the total. */
export const feeCentsOf = (totalCents: number, percent: number, minimumCents: number) =>
  Math.min(totalCents, Math.max(minimumCents, Math.round((totalCents * percent) / 100)));

export interface PaymentSettings {
  depositPercent: number;
  feePercent: number;
  feeMinimumCents: number;
  currency: string;
}

/** The console's payment settings (category payment), each falling back to its default when absent or unreadable. */
export async function paymentSettings(db: Db): Promise<PaymentSettings> {
  const rows = await db
    .selectFrom('systemSettings')
    .select(['settingKey', 'settingValue', 'isEncrypted'])
    .where('category', '=', 'payment')
    .execute();
  const value = (key: string) => rows.find((r) => r.settingKey === key && !r.isEncrypted)?.settingValue;
  const number = (key: string, fallback: number, max: number) => {
    const n = Number(value(key));
    return value(key) !== undefined && Number.isFinite(n) && n >= 0 && n <= max ? n : fallback;
  };
  const { depositPercent, feePercent, feeMinimumCents } = PAYMENT_SETTINGS;
  return {
    depositPercent: Math.round(number(depositPercent.key, depositPercent.default, 100)),
    feePercent: number(feePercent.key, feePercent.default, 100),
    feeMinimumCents: Math.round(number(feeMinimumCents.key, feeMinimumCents.default, 1_000_000)),
    // Only USD is supported: the bids are priced in dollars.
    currency: 'usd',
  };
}
