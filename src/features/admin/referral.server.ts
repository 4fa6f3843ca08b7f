import { sql } from 'kysely';
import { DEFAULT_REFERRAL_PROGRAM, type ReferralProgramView } from '../../contract/admin-config.ts';
import type { Db } from '../../server/db/client.ts';

export interface ReferralTerms {
  reward_amount: number;
  min_booking_amount: number;
  share_message: string;
}

/** The referral program's terms: the saved row, or the defaults before anyone saved. */
export async function getReferralProgram(db: Db): Promise<ReferralProgramView> {
  const row = await db.selectFrom('referralProgram').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!row) return { ...DEFAULT_REFERRAL_PROGRAM, updated_at: null };
  return {
    reward_amount: Number(row.rewardAmount),
    min_booking_amount: Number(row.minBookingAmount),
    share_message: row.shareMessage,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function saveReferralProgram(
  db: Db,
  terms: ReferralTerms,
  userId: string | null,
): Promise<ReferralProgramView> {
  const values = {
    rewardAmount: terms.reward_amount,
    minBookingAmount: terms.min_booking_amount,
    shareMessage: terms.share_message,
    updatedBy: userId,
  };
  await db
    .insertInto('referralProgram')
    .values({ id: 1, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet({ ...values, updatedAt: sql`now()` }))
    .execute();
  return getReferralProgram(db);
}
