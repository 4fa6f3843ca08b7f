import type { DepositState } from './payments.ts';

/**
 * Who pays for a refund (docs/decisions/0390): the mechanic's share first, the platform's fee
 * last. One source for the money steps (a transfer, a reversal, the earnings page) and for the
 * console's refund dialog, which says before the click what each side gives back.
 */
export interface ShareInputs {
  paid: boolean;
  payoutCents: number;
  depositCents: number;
  depositState: DepositState;
  refundedCents: number;
}

/** What the mechanic is owed from the job after the refunds so far. */
export function mechanicShare(p: ShareInputs): number {
  if (p.paid) return Math.max(0, p.payoutCents - p.refundedCents);
  if (p.depositState === 'transferred' || p.depositState === 'kept')
    return Math.max(0, p.depositCents - p.refundedCents);
  return 0;
}

/** The platform's fee kept after refunds: the fee, less whatever refunds went beyond the mechanic's share. */
export const feeKept = (feeCents: number, chargedCents: number, refundedCents: number, paid: boolean): number =>
  paid ? Math.min(feeCents, Math.max(0, chargedCents - refundedCents)) : 0;

export interface RefundSplit {
  /** Reversed from the transfers already sent to the mechanic. */
  fromMechanicCents: number;
  /** Given up from the platform's fee. */
  fromFeeCents: number;
  /** Paid from money still held (not yet sent to the mechanic, e.g. a deposit held or a payout frozen). */
  fromHeldCents: number;
}

/** How a refund of `amountCents` splits, given what was charged and what the mechanic was sent. */
export function refundSplit(
  p: ShareInputs & { feeCents: number; chargedCents: number; sentToMechanicCents: number },
  amountCents: number,
): RefundSplit {
  const after = { ...p, refundedCents: p.refundedCents + amountCents };
  const fromMechanicCents = Math.max(0, p.sentToMechanicCents - mechanicShare(after));
  const fromFeeCents =
    feeKept(p.feeCents, p.chargedCents, p.refundedCents, p.paid) -
    feeKept(p.feeCents, p.chargedCents, after.refundedCents, p.paid);
  return {
    fromMechanicCents,
    fromFeeCents,
    fromHeldCents: Math.max(0, amountCents - fromMechanicCents - fromFeeCents),
  };
}
