import { z } from './zod.ts';
import { CONFIG_LIMITS, text } from './admin-config.ts';

// ---------------------------------------------------------------------------------------------
// Referral program

/** Dollars: non-negative, at most 2 decimals, bounded; typed as text or sent as a number. */
export const moneyField = (label: string) =>
  z.union([z.string(), z.number()], { error: `${label} is required` }).transform((v, ctx) => {
    const s = String(v).trim().replace(/^\$/, '');
    const n = Number(s);
    if (s === '' || !Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: `${label} must be an amount in dollars` });
      return z.NEVER;
    }
    if (n < 0 || n > CONFIG_LIMITS.maxMoney) {
      ctx.addIssue({
        code: 'custom',
        message: `${label} must be between $0 and $${CONFIG_LIMITS.maxMoney.toLocaleString('en-US')}`,
      });
      return z.NEVER;
    }
    if (Math.abs(Math.round(n * 100) - n * 100) > 1e-6) {
      ctx.addIssue({ code: 'custom', message: `${label} must have at most 2 decimals` });
      return z.NEVER;
    }
    return Math.round(n * 100) / 100;
  });

export const ReferralProgramSchema = z.object({
  reward_amount: moneyField('Reward amount'),
  min_booking_amount: moneyField('Minimum booking amount'),
  share_message: text('Share message', CONFIG_LIMITS.shareMessage),
});

/** What the referral program offers until an admin saves terms (and what the demo data seeds). */
export const DEFAULT_REFERRAL_PROGRAM = {
  reward_amount: 50,
  min_booking_amount: 250,
  share_message:
    'I get my aircraft inspections done by Skyward Mobile Aviation: certified A&P mechanics who come to your hangar. Use my link for {reward} off your first service!',
} as const;

/** Where the reward goes in the share message: replaced by the current amount whenever it is shown. */
export const REFERRAL_REWARD_TOKEN = '{reward}';

/** $50, $55.50 */
export const formatReward = (amount: number) =>
  `$${amount.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(amount) ? 0 : 2, maximumFractionDigits: 2 })}`;

/** The message customers share, built from the reward (it kept "$50 off" after the reward changed). */
export function referralShareText(message: string, reward: number): string {
  return message.split(REFERRAL_REWARD_TOKEN).join(formatReward(reward));
}

/**
 * A message typed with the reward written out ("$50 off") keeps following the reward: the amount
 * it was written for (the reward saved before, or the one saved with it) becomes the token.
 */
export function withRewardToken(message: string, ...amounts: number[]): string {
  let out = message;
  for (const amount of new Set(amounts)) {
    const plain = formatReward(amount).replace('$', '\\$');
    const cents = `\\$${amount.toFixed(2)}`;
    out = out.replace(new RegExp(`(${cents}|${plain})(?![\\d.,])`, 'g'), REFERRAL_REWARD_TOKEN);
  }
  return out;
}

export interface ReferralProgramView {
  reward_amount: number;
  min_booking_amount: number;
  /** The message as stored, with {reward} where the amount goes. */
  share_message: string;
  /** What customers share: the message with the current reward in it. */
  share_text: string;
  updated_at: string | null;
}
