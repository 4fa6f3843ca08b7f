import { sql } from 'kysely';
import {
  DEFAULT_REFERRAL_PROGRAM,
  type ReferralProgramView,
  referralShareText,
  withRewardToken,
} from '../../contract/admin-referral.ts';
import type { Db } from '../../server/db/client.ts';

export interface ReferralTerms {
  reward_amount: number;
  min_booking_amount: number;
  share_message: string;
}

/** The referral program's terms: the saved row, or the defaults before anyone saved. */
export async function getReferralProgram(db: Db): Promise<ReferralProgramView> {
  const row = await db.selectFrom('referralProgram').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!row) {
    const d = DEFAULT_REFERRAL_PROGRAM;
    return { ...d, share_text: referralShareText(d.share_message, d.reward_amount), updated_at: null };
  }
  const reward = Number(row.rewardAmount);
  // Messages saved before the token existed ("$50 off") follow the reward too.
  const message = withRewardToken(row.shareMessage, reward);
  return {
    reward_amount: reward,
    min_booking_amount: Number(row.minBookingAmount),
    share_message: message,
    share_text: referralShareText(message, reward),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function saveReferralProgram(
  db: Db,
  terms: ReferralTerms,
  userId: string | null,
): Promise<ReferralProgramView> {
  const before = await getReferralProgram(db);
  const values = {
    rewardAmount: terms.reward_amount,
    minBookingAmount: terms.min_booking_amount,
    // The amount written out, for the reward before or now, becomes {reward}: the message follows the reward.
    shareMessage: withRewardToken(terms.share_message, before.reward_amount, terms.reward_amount),
    updatedBy: userId,
  };
  await db
    .insertInto('referralProgram')
    .values({ id: 1, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet({ ...values, updatedAt: sql`now()` }))
    .execute();
  return getReferralProgram(db);
}
