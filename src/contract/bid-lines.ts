import { z } from './zod.ts';
import type { Option } from './options.ts';
import { type BidData, BidSchema } from './bids.ts';
import { MARKETPLACE, type MarketplaceServiceType } from './marketplace.ts';
import { optionalText, renamed, requiredText } from './fields.ts';
import {
  LINE_CATEGORIES,
  LINE_DECISIONS,
  type BidLine,
  type CategoryTotals,
  type LineCategory,
  type LineDecision,
  type Totals,
} from './line-items.ts';

/**
 * An itemized bid: a bid is a list of lines, each with its category, labor (hours at a
 * rate) and parts. The bid's spec fields (laborCost, partsCost, totalCost, estimatedHours) are the
 * totals of its lines, computed by the server. Money is in cents here and in the database and in
 * dollars in the API, as the spec's bid fields are. docs/decisions/0110-itemized-bids.md
 */

export const LINE_CATEGORY_OPTIONS: readonly Option<LineCategory>[] = [
  { value: 'inspection', label: 'Inspection' },
  { value: 'airworthy', label: 'Airworthiness items' },
  { value: 'discretionary', label: 'Discretionary' },
  { value: 'parts', label: 'Parts' },
  { value: 'travel', label: 'Travel' },
];

/** Lines the owner may approve or defer but never decline: the inspection itself and airworthiness items. */
export const UNDECLINABLE: readonly LineCategory[] = ['inspection', 'airworthy'];

export const BID_LINES = {
  maxLines: 40,
  maxHours: 5000,
  hoursStep: 0.1,
  maxRate: 10_000,
  maxParts: 1_000_000,
  maxPhotos: 20,
  text: { description: 500, note: 2000 },
} as const;

/** Dollars (a form's text or a number) to cents; null when it is not a sum of money within 0..max. */
function moneyCents(v: unknown, max: number): number | 'blank' | 'bad' | 'cents' | 'range' {
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return 'blank';
  // A number or a form's text only: `[1]` would read as 1 through String().
  if (typeof v !== 'number' && typeof v !== 'string') return 'bad';
  const n = typeof v === 'number' ? v : Number(v.trim().replace(/[$,]/g, ''));
  if (!Number.isFinite(n)) return 'bad';
  if (n < 0 || n > max) return 'range';
  const cents = Math.round(n * 100);
  if (Math.abs(cents - n * 100) > 1e-6) return 'cents';
  return cents;
}

const money = (label: string, max: number, required: boolean) =>
  z.unknown().transform((v, ctx) => {
    const c = moneyCents(v, max);
    if (c === 'blank') {
      if (!required) return 0;
      ctx.addIssue({ code: 'custom', message: `${label} is required` });
      return z.NEVER;
    }
    if (typeof c === 'number') return c;
    const message = {
      bad: `${label} must be a number`,
      range: `${label} must be from 0 to ${max.toLocaleString('en-US')}`,
      cents: `${label} must have at most 2 decimal places`,
    }[c];
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

/**
 * Hours in tenths (0.1 h = 6 minutes, as logbooks count), 0 allowed (a parts line): the one rule
 * for hours, used by the schema and by the forms as typed, so a total is never made of a value the
 * server then refuses. A number of tenths, or the sentence that refuses it.
 */
export function hoursTenthsOf(v: unknown): number | { error: string } {
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return 0;
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.trim()) : Number.NaN;
  if (!Number.isFinite(n) || n < 0 || n > BID_LINES.maxHours)
    return { error: `Labor hours must be a number from 0 to ${BID_LINES.maxHours.toLocaleString('en-US')}` };
  const tenths = Math.round(n * 10);
  if (Math.abs(tenths - n * 10) > 1e-6) return { error: 'Labor hours must be in steps of 0.1' };
  return tenths;
}

const hoursTenths = z.unknown().transform((v, ctx) => {
  const t = hoursTenthsOf(v);
  if (typeof t === 'number') return t;
  ctx.addIssue({ code: 'custom', message: t.error });
  return z.NEVER;
});

const optionalId = (label: string) =>
  z
    .union([z.uuid({ error: `${label} must be a valid id` }), z.null()], { error: `${label} must be a valid id` })
    .optional()
    .transform((v) => v ?? null);

export const LineSchema = z
  .object(
    {
      category: z.enum(LINE_CATEGORIES, { error: `Category must be one of ${LINE_CATEGORIES.join(', ')}` }),
      description: requiredText('Description', BID_LINES.text.description),
      laborHours: hoursTenths,
      laborRate: money('Labor rate', BID_LINES.maxRate, false),
      partsCost: money('Parts cost', BID_LINES.maxParts, false),
      dueItemId: optionalId('dueItemId'),
      squawkId: optionalId('squawkId'),
    },
    { error: 'Each line must be an object' },
  )
  .refine((l) => l.dueItemId === null || l.squawkId === null, {
    path: ['squawkId'],
    message: 'A line answers one due item or one squawk, not both',
  });

/** A line as the server keeps it: hours in tenths, money in cents. */
export type LineData = z.output<typeof LineSchema>;

export const LinesSchema = z
  .array(LineSchema, { error: 'lines must be a list' })
  .min(1, 'Add at least one line')
  .max(BID_LINES.maxLines, `A bid has at most ${BID_LINES.maxLines} lines`);

/** A bid sent with lines: the dates, warranty and notes of the spec's bid, and the lines. */
export type ItemizedBidData = Omit<BidData, 'laborCost' | 'partsCost' | 'estimatedHours'> & { lines: LineData[] };

/** The bid body: the spec's fields alone (one line is made of them), or with `lines`. */
export type BidBody = ({ itemized: false } & BidData) | ({ itemized: true } & ItemizedBidData);

/** A parsed line's hours and money, as the sums count them. */
function priced(l: LineData): PricedLine {
  return {
    category: l.category,
    hoursTenths: l.laborHours,
    laborCents: laborCents(l.laborHours, l.laborRate),
    partsCents: l.partsCost,
  };
}

/** Whether a bid body is itemized: `lines` absent, null or empty is the spec's plain bid. */
const hasLines = (v: unknown): boolean => {
  const lines = typeof v === 'object' && v !== null ? (v as { lines?: unknown }).lines : undefined;
  return lines !== undefined && lines !== null && !(Array.isArray(lines) && lines.length === 0);
};

export const BidBodySchema = z.unknown().transform((v, ctx): BidBody => {
  const forward = (issues: readonly z.core.$ZodIssue[], prefix: (string | number)[] = []) => {
    for (const issue of issues)
      ctx.addIssue({
        code: 'custom',
        message: issue.message,
        path: [...prefix, ...(issue.path as (string | number)[])],
      });
  };
  if (!hasLines(v)) {
    const plain = BidSchema.safeParse(v);
    if (!plain.success) {
      forward(plain.error.issues);
      return z.NEVER;
    }
    return { itemized: false, ...plain.data };
  }
  const body = v as Record<string, unknown>;
  // The spec's labor, parts and hours are totals of the lines: placeholders stand in while the rest is read.
  const rest = BidSchema.safeParse({ ...body, laborCost: 0, partsCost: 0, estimatedHours: 1 });
  const lines = LinesSchema.safeParse(body.lines);
  if (!rest.success) forward(rest.error.issues);
  if (!lines.success) forward(lines.error.issues, ['lines']);
  if (!rest.success || !lines.success) return z.NEVER;
  if (lines.data.every((l) => l.laborHours === 0)) {
    ctx.addIssue({ code: 'custom', path: ['lines'], message: 'At least one line needs labor hours' });
    return z.NEVER;
  }
  // The whole quote stays within what the spec's plain bid may say.
  const total = sumLines(lines.data.map(priced));
  if (total.hoursTenths > MARKETPLACE.maxEstimatedHours * 10) {
    ctx.addIssue({
      code: 'custom',
      path: ['lines'],
      message: `The lines add up to more than ${MARKETPLACE.maxEstimatedHours.toLocaleString('en-US')} hours`,
    });
    return z.NEVER;
  }
  if (total.totalCents > MARKETPLACE.maxMoney * 100) {
    ctx.addIssue({
      code: 'custom',
      path: ['lines'],
      message: `The lines add up to more than $${MARKETPLACE.maxMoney.toLocaleString('en-US')}`,
    });
    return z.NEVER;
  }
  const { laborCost: _l, partsCost: _p, estimatedHours: _h, ...shared } = rest.data;
  return { itemized: true, ...shared, lines: lines.data };
});

export const DecisionsSchema = z
  .array(
    z.object(
      {
        lineId: z.uuid({ error: 'lineId must be a valid id' }),
        decision: z.enum(LINE_DECISIONS, { error: 'decision must be approve, defer or decline' }),
      },
      { error: 'Each decision must be an object' },
    ),
    { error: 'decisions must be a list' },
  )
  .max(200);
export type DecisionData = z.output<typeof DecisionsSchema>[number];

export const AcceptWithDecisionsSchema = z.object({
  bidId: z.uuid({ error: 'bidId must be a valid id' }),
  decisions: DecisionsSchema.optional(),
});

/** The photos of a change order: documents of the job, by id (also sent as `photos` or `photoIds`). */
export const ChangeOrderSchema = z.preprocess(
  renamed({ photos: 'documentIds', photoIds: 'documentIds' }),
  z.object({
    lines: LinesSchema,
    note: optionalText('Note', BID_LINES.text.note),
    documentIds: z
      .array(z.uuid({ error: 'documentIds must be valid ids' }), { error: 'documentIds must be a list' })
      .max(BID_LINES.maxPhotos, `A change order has at most ${BID_LINES.maxPhotos} photos`)
      .nullish()
      .transform((v) => [...new Set(v ?? [])]),
  }),
);
export type ChangeOrderData = z.output<typeof ChangeOrderSchema>;

export const DecideChangeOrderSchema = z.object({
  decisions: DecisionsSchema.min(1, 'Decide every line of the change order'),
});

// ---------------------------------------------------------------------------------------------
// Arithmetic (cents and tenths of hours, so sums never drift)

/** A line's labor: hours x rate, to the cent. */
export const laborCents = (hoursTenths: number, rateCents: number): number =>
  Math.round((hoursTenths * rateCents) / 10);

export interface PricedLine {
  category: LineCategory;
  hoursTenths: number;
  laborCents: number;
  partsCents: number;
}

export interface TotalsCents {
  hoursTenths: number;
  laborCents: number;
  partsCents: number;
  totalCents: number;
}

export function sumLines(lines: readonly PricedLine[]): TotalsCents {
  const t = { hoursTenths: 0, laborCents: 0, partsCents: 0, totalCents: 0 };
  for (const l of lines) {
    t.hoursTenths += l.hoursTenths;
    t.laborCents += l.laborCents;
    t.partsCents += l.partsCents;
    t.totalCents += l.laborCents + l.partsCents;
  }
  return t;
}

export const toTotals = (t: TotalsCents): Totals => ({
  hours: t.hoursTenths / 10,
  laborCost: t.laborCents / 100,
  partsCost: t.partsCents / 100,
  totalCost: t.totalCents / 100,
});

export function categoryTotals(lines: readonly PricedLine[]): CategoryTotals {
  return Object.fromEntries(
    LINE_CATEGORIES.map((c) => [c, toTotals(sumLines(lines.filter((l) => l.category === c)))]),
  ) as CategoryTotals;
}

/** The category of the one line a bid without lines becomes. */
export function categoryForService(serviceType: MarketplaceServiceType): LineCategory {
  return serviceType === 'annual_inspection' || serviceType === 'hundred_hour' || serviceType === 'prepurchase'
    ? 'inspection'
    : 'discretionary';
}

/** The median of a list (the middle value, or the mean of the two middle ones); null when empty. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

// ---------------------------------------------------------------------------------------------
// Response shapes

export type ChangeOrderStatus = 'pending' | 'decided';

export interface ChangeOrder {
  id: string;
  appointmentId: string;
  status: ChangeOrderStatus;
  note: string | null;
  documentIds: string[];
  lines: BidLine[];
  totals: Totals;
  createdAt: string;
  decidedAt: string | null;
}

export interface WorkOrder {
  appointmentId: string;
  serviceRequestId: string;
  bidId: string;
  status: string;
  aircraftTailNumber: string;
  aircraftMake: string;
  aircraftModel: string;
  serviceType: MarketplaceServiceType;
  serviceLocation: string;
  scheduledDate: string;
  mechanicName: string;
  customerName: string;
  warrantyPeriod: number;
  /** Every line of the bid and its change orders, with its decision. */
  lines: BidLine[];
  approved: { lines: BidLine[]; totals: Totals; categoryTotals: CategoryTotals };
  /** The approved lines' totals (the same as `approved.totals`): what the owner pays. */
  totals: Totals;
  /** Each line's decision by its id (null while a change order waits). */
  decisions: Array<{ lineId: string; decision: LineDecision | null }>;
  deferred: BidLine[];
  declined: BidLine[];
  /** Lines of change orders still waiting for the owner. */
  awaiting: BidLine[];
  changeOrders: ChangeOrder[];
  /** The accepted bid as quoted (every line of the bid, before decisions). */
  quoted: Totals;
}
