import { z } from './zod.ts';
import type { Option } from './options.ts';
import { BidBodySchema, type BidBody } from './bid-lines.ts';
import type { AcceptResult } from './appointments.ts';
import { SETTINGS_CATALOG } from './settings-catalog.ts';

/**
 * Payments on Stripe Connect: the statuses, texts, settings and schemas the functions,
 * the dashboards and the console share. Money is integer cents, USD.
 * docs/decisions/0230-payments-on-stripe-connect.md
 */

export const PAYMENT_STATUSES = [
  'not_applicable',
  'card_needed',
  'card_saved',
  'deposit_paid',
  'payment_due',
  'paid',
  'refunded',
  'disputed',
  'paid_outside',
] as const;
export type PaymentStatus = Exclude<(typeof PAYMENT_STATUSES)[number], 'not_applicable'>;
export type PaymentViewStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_STATUS_OPTIONS: readonly Option<PaymentViewStatus>[] = [
  { value: 'not_applicable', label: 'Paid outside Skyward' },
  { value: 'card_needed', label: 'Card needed' },
  { value: 'card_saved', label: 'Card saved' },
  { value: 'deposit_paid', label: 'Deposit paid' },
  { value: 'payment_due', label: 'Payment due' },
  { value: 'paid', label: 'Paid' },
  { value: 'refunded', label: 'Refunded' },
  { value: 'disputed', label: 'Disputed' },
  // The mechanic was paid another way after the owner could not save a working card.
  { value: 'paid_outside', label: 'Marked paid outside Skyward' },
];

export type DepositState = 'none' | 'due' | 'paid' | 'transferred' | 'refunded' | 'kept';

/** A deposit the owner's card paid and did not get back: held, sent to the mechanic, or kept at a cancellation. */
const DEPOSIT_IN_HAND: readonly DepositState[] = ['paid', 'transferred', 'kept'];

/** The deposit's part of what was charged and is not given back (0 while unpaid, failed or refunded). */
export const depositInHandCents = (p: { depositState: DepositState; depositCents: number | string }): number =>
  DEPOSIT_IN_HAND.includes(p.depositState) ? Number(p.depositCents) : 0;

/** The deposit's part of what the owner's card was ever charged, refunded or not. */
export const depositChargedCents = (p: { depositState: DepositState; depositCents: number | string }): number =>
  p.depositState === 'refunded' ? Number(p.depositCents) : depositInHandCents(p);

export const CONNECT_STATUSES = ['none', 'pending', 'ready'] as const;
export type ConnectStatus = (typeof CONNECT_STATUSES)[number];
/** What a mechanic is told about payouts. */
export const CONNECT_MESSAGES = {
  notApproved:
    'Payouts open once an administrator has approved your mechanic profile: your credentials are still being reviewed.',
} as const;

export const CONNECT_STATUS_LABELS: Record<ConnectStatus, string> = {
  none: 'not set up',
  pending: 'pending verification',
  ready: 'ready',
};

/** GET /api/payments/connect */
export interface ConnectView {
  status: ConnectStatus;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  /** The deposit a new bid proposes (the console's payment/deposit_percent). */
  defaultDepositPercent: number;
}

/** GET /api/appointments/:id/payment */
export interface PaymentView {
  status: PaymentViewStatus;
  totalCents: number;
  depositCents: number;
  feeCents: number;
  payoutCents: number;
  paidAt: string | null;
  receiptDocumentId: string | null;
  /** Where the owner saves a card or pays what is due (a hosted page); null when nothing is asked. */
  actionUrl: string | null;
  /** What the owner is told about the last failure (card declined, authentication required). */
  failureMessage: string | null;
  refundedCents: number;
  /** What happens to the deposit if the owner cancels now. */
  depositOnCancel: 'none' | 'refunded' | 'kept';
  /**
   * The card the owner already saved with Stripe, offered (to the owner only) while this job asks
   * for one: brand and last 4 as Stripe reports them (docs/decisions/0463).
   */
  savedCard: SavedCard | null;
}

/** A card Stripe holds for the owner: what Stripe says of it, nothing more is kept. */
export interface SavedCard {
  brand: string;
  last4: string;
}

const CARD_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
  eftpos_au: 'eftpos',
  interac: 'Interac',
  link: 'Link',
};

/** Stripe's brand code as people write it ("visa" is "Visa"); an unknown code is shown as Stripe sent it. */
export const cardBrandLabel = (brand: string): string => CARD_BRANDS[brand] ?? brand;

export const SAVED_CARD_TEXT = {
  use: (card: SavedCard) => `Use card ending ${card.last4}`,
  another: 'Use another card',
  offer: (card: SavedCard) =>
    `Pay with the ${cardBrandLabel(card.brand)} ending ${card.last4} you saved with Stripe, or save another card.`,
  none: 'No saved card to use: save a card on the secure Stripe page.',
  notAsked: 'This job does not ask for a card now.',
} as const;

/**
 * The accept answer's addition when the bid is payable through Skyward. Its shape is written in the
 * accept answer (marketplace.ts), which must not import this module (docs/decisions/0004).
 */
export type AcceptPayment = NonNullable<AcceptResult['payment']>;

export interface AdminPayment {
  id: string;
  appointmentId: string;
  status: PaymentStatus;
  ownerName: string;
  mechanicName: string;
  aircraftTailNumber: string;
  totalCents: number;
  depositCents: number;
  feeCents: number;
  payoutCents: number;
  chargedCents: number;
  refundedCents: number;
  depositState: DepositState;
  /** Sent to the mechanic's account and not taken back (transfers minus reversals). */
  sentToMechanicCents: number;
  paidAt: string | null;
  disputeStatus: string | null;
  disputeDueBy: string | null;
  createdAt: string;
  refunds: Array<{ amountCents: number; reason: string | null; createdAt: string }>;
}

export interface AdminPaymentsPage {
  success: true;
  data: AdminPayment[];
  pagination: { page: number; limit: number; total: number; pages: number };
}

export const PAYMENT_TEXT = {
  notAvailable: 'Payment through Skyward not available for this mechanic',
  localTestMode: 'Local test mode: no real card is charged',
  paymentDue: 'Payment due',
} as const;

/** The console's payment settings this feature reads: the catalog's entries, with their bounds and defaults. */
export const PAYMENT_SETTINGS = {
  depositPercent: SETTINGS_CATALOG.depositPercent,
  feePercent: SETTINGS_CATALOG.feePercent,
  feeMinimumCents: SETTINGS_CATALOG.feeMinimumCents,
} as const;

/** A whole percent 0..100 (a bid's deposit). */
export const DepositPercentSchema = z.unknown().transform((v, ctx) => {
  if (v === undefined || v === null || v === '') return undefined;
  const n = typeof v === 'number' ? v : Number(String(v).trim());
  if (!Number.isInteger(n) || n < 0 || n > 100) {
    ctx.addIssue({
      code: 'custom',
      path: ['depositPercent'],
      message: 'Deposit must be a whole percent from 0 to 100',
    });
    return z.NEVER;
  }
  return n;
});

/** A bid's body: the bid's own schema, and the parts deposit it asks for (absent: the console's default). */
export const BidWithDepositSchema = z
  .unknown()
  .transform((v, ctx): BidBody & { depositPercent: number | undefined } => {
    const bid = BidBodySchema.safeParse(v);
    const deposit = DepositPercentSchema.safeParse(
      v && typeof v === 'object' ? (v as Record<string, unknown>)['depositPercent'] : undefined,
    );
    for (const issue of [...(bid.error?.issues ?? []), ...(deposit.error?.issues ?? [])]) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path as (string | number)[] });
    }
    if (!bid.success || !deposit.success) return z.NEVER;
    return { ...bid.data, depositPercent: deposit.data };
  });

export const RefundSchema = z.object({
  amountCents: z
    .number({ error: 'amountCents must be a whole number of cents' })
    .int('amountCents must be a whole number of cents')
    .positive('amountCents must be more than 0'),
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(500, 'Reason must be at most 500 characters'),
});
export type RefundData = z.output<typeof RefundSchema>;

/** The refund dialog's fields as typed: dollars as text, the reason. */
export interface RefundFormValues {
  amount: string;
  reason: string;
}

/**
 * The console's refund form: the dollars typed become the API's cents, at most `leftCents`; its
 * output is checked by the API's own `RefundSchema`, so the form and the function agree.
 */
export const refundFormSchema = (leftCents: number) =>
  z
    .object({ amount: z.string(), reason: z.string() })
    .transform((v, ctx) => {
      const dollars = Number(v.amount.trim().replace(/[$,]/g, ''));
      const cents = Math.round(dollars * 100);
      if (!v.amount.trim() || !Number.isFinite(dollars) || cents <= 0 || Math.abs(cents - dollars * 100) > 1e-6) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: 'Enter an amount in dollars and cents, more than 0',
        });
        return z.NEVER;
      }
      if (cents > leftCents) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: `At most ${formatCents(leftCents)} can be refunded`,
        });
        return z.NEVER;
      }
      return { amountCents: cents, reason: v.reason };
    })
    .pipe(RefundSchema);

export const AdminPaymentsQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .default(1),
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1)
    .max(100, 'limit must be at most 100')
    .default(20),
  status: z
    .enum(PAYMENT_STATUSES.filter((s) => s !== 'not_applicable') as [PaymentStatus, ...PaymentStatus[]], {
      error: 'Unknown payment status',
    })
    .optional(),
  disputed: z.enum(['true', 'false']).optional(),
});

/** Stripe refuses charges under $0.50; an amount left below it is not charged (the owner's gain). */
export const STRIPE_MINIMUM_CENTS = 50;

/**
 * The parts deposit accepting a quote charges: a whole percent of the approved parts lines,
 * rounded to the cent, and nothing when that is under Stripe's minimum. The server charges it and
 * the accept dialog shows it from the same rule, for the lines as the owner has decided them.
 */
export function depositCentsFor(approvedPartsCents: number, percent: number): number {
  const deposit = Math.round((approvedPartsCents * percent) / 100);
  return deposit >= STRIPE_MINIMUM_CENTS ? deposit : 0;
}

/** Cents as dollars for people ("$1,234.50"). */
export const formatCents = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
