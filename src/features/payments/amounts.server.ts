import type { Db } from '../../server/db/client.ts';
import { PAYMENT_SETTINGS } from '../../contract/payments.ts';
import { catalogValue, type CatalogSetting } from '../../contract/settings-catalog.ts';

/**
 * What the owner owes for a job, in cents: the approved lines of the bid plus the approved lines of
 * its change orders. The one place payments read a job's price, so it can be pointed at
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
  // A stored value outside the catalog's bounds (saved before they were checked) reads as the default.
  const value = (setting: CatalogSetting & { kind: 'number' }) =>
    catalogValue(setting, rows.find((r) => r.settingKey === setting.key && !r.isEncrypted)?.settingValue);
  const { depositPercent, feePercent, feeMinimumCents } = PAYMENT_SETTINGS;
  return {
    depositPercent: value(depositPercent),
    feePercent: value(feePercent),
    feeMinimumCents: value(feeMinimumCents),
    // Only USD is supported: the bids are priced in dollars.
    currency: 'usd',
  };
}
