import { z } from './zod.ts';
import type { BidLine, CategoryTotals } from './line-items.ts';
import type { JobFigures } from './job-figures.ts';
import { optionalText } from './fields.ts';
import { MARKETPLACE } from './marketplace.ts';
import { dateText, optionalNumber, requiredNumber, uuid } from './marketplace-fields.ts';

// ---------------------------------------------------------------------------------------------
// Bid, the mechanic's quote (docs/product.md §5). totalCost is computed by the server; a sent one is ignored.

/** The words of the bid side of the IA rule (docs/decisions/0140-who-signs-the-annual.md). */
export const INSPECTION_SIGNER_MESSAGES = {
  fullName: 'Name of the IA who signs is required',
  certificateNumber: 'Certificate number of the IA who signs is required',
} as const;

/** A mechanic or IA certificate number as compared: letters and digits only, upper case. */
export const certificateKey = (v: string) => v.replace(/[^0-9a-z]/gi, '').toUpperCase();

/**
 * Who approves the annual for return to service when the quoting mechanic holds no IA (14 CFR
 * 65.95): their name and IA certificate number, both or neither. Blank parts count as absent, so
 * a form that leaves the section empty sends nothing.
 */
export const InspectionSignerSchema = z
  .object(
    {
      fullName: optionalText('Name of the IA who signs', 120),
      certificateNumber: optionalText('Certificate number of the IA who signs', 40),
    },
    { error: 'inspectionSigner must be an object with fullName and certificateNumber' },
  )
  .nullish()
  .transform((v, ctx): { fullName: string; certificateNumber: string } | null => {
    if (!v || (!v.fullName && !v.certificateNumber)) return null;
    if (!v.fullName) ctx.addIssue({ code: 'custom', path: ['fullName'], message: INSPECTION_SIGNER_MESSAGES.fullName });
    if (!v.certificateNumber)
      ctx.addIssue({
        code: 'custom',
        path: ['certificateNumber'],
        message: INSPECTION_SIGNER_MESSAGES.certificateNumber,
      });
    if (!v.fullName || !v.certificateNumber) return z.NEVER;
    if (certificateKey(v.certificateNumber) === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['certificateNumber'],
        message: 'Certificate number of the IA who signs must hold letters or digits',
      });
      return z.NEVER;
    }
    return { fullName: v.fullName, certificateNumber: v.certificateNumber };
  });
export type InspectionSigner = NonNullable<z.output<typeof InspectionSignerSchema>>;

export const BidSchema = z
  .object({
    laborCost: requiredNumber('Labor cost', { max: MARKETPLACE.maxMoney, money: true }),
    partsCost: optionalNumber('Parts cost', { max: MARKETPLACE.maxMoney, money: true }).transform((v) => v ?? 0),
    estimatedHours: requiredNumber('Estimated hours', {
      min: 0,
      exclusiveMin: true,
      max: MARKETPLACE.maxEstimatedHours,
      step: MARKETPLACE.hoursStep,
    }),
    availableStartDate: dateText('Available start date'),
    estimatedCompletionDate: dateText('Estimated completion date'),
    warrantyPeriod: requiredNumber(
      'Warranty period',
      { max: MARKETPLACE.maxWarrantyDays, integer: true },
      MARKETPLACE.warrantyPeriodDays,
    ),
    notes: optionalText('Notes', MARKETPLACE.text.notes),
    inspectionSigner: InspectionSignerSchema,
  })
  .refine(
    (v) => !v.availableStartDate || !v.estimatedCompletionDate || v.estimatedCompletionDate >= v.availableStartDate,
    {
      path: ['estimatedCompletionDate'],
      message: 'Estimated completion date cannot be before the available start date',
    },
  );
export type BidInput = z.input<typeof BidSchema>;
export type BidData = z.output<typeof BidSchema>;

/** Whether a quote on this service type by this mechanic should say who signs it (an annual, no IA). */
export const needsInspectionSigner = (serviceType: string, mechanicIa: boolean) =>
  serviceType === 'annual_inspection' && !mechanicIa;

/** Labor plus parts, in cents to avoid float drift (0.1 + 0.2). */
export function bidTotal(laborCost: number, partsCost: number | null | undefined): number {
  return (Math.round(laborCost * 100) + Math.round((partsCost ?? 0) * 100)) / 100;
}

export const AcceptBidSchema = z.object({ bidId: uuid('bidId') });

// ---------------------------------------------------------------------------------------------
// Response shapes (camelCase, numbers as numbers, dates as 'YYYY-MM-DD', instants as ISO text)

export type BidStatus = 'pending' | 'accepted' | 'declined';

export interface Bid {
  id: string;
  serviceRequestId: string;
  mechanicId: string;
  mechanicName: string;
  laborCost: number;
  partsCost: number;
  totalCost: number;
  estimatedHours: number;
  availableStartDate: string;
  estimatedCompletionDate: string;
  warrantyPeriod: number;
  notes: string | null;
  status: BidStatus;
  mechanicRating: number;
  /** How many ratings `mechanicRating` averages; 0 for a new mechanic ("New · no ratings yet"). */
  mechanicRatingCount: number;
  mechanicCompletedJobs: number;
  createdAt: string;
  /** The bid's lines and per-category totals; the figures above are their sums. */
  lines?: BidLine[];
  categoryTotals?: CategoryTotals;
  /**
   * How many lines the bid has, where a list sends it instead of `lines` (the owner's requests:
   * the lines come with the request's own answer, GET /api/enhanced/quotes/:id; docs/decisions/0205).
   */
  lineCount?: number;
  /** Whether the mechanic holds an Inspection Authorization (signs off annuals). */
  mechanicIa?: boolean;
  /**
   * The FAA airmen file's single match for the mechanic, as its sentence ("Found in the FAA airmen
   * file of November 2026: Mechanic, Airframe and Powerplant"); absent without one (docs/decisions/0120).
   */
  mechanicFaaAirmen?: string;
  /** Who approves the annual for return to service when the mechanic holds no IA (null: not named). */
  inspectionSigner: InspectionSigner | null;
  /**
   * True when this is an annual, the mechanic holds no IA and the quote names no IA to sign it:
   * the mechanic could do the work but not return the aircraft to service (14 CFR 65.95).
   */
  needsInspectionSigner?: boolean;
  /** The accepted quote's job figures (quoted, approved, with change orders, final); absent on other quotes. */
  figures?: JobFigures;
  /** Whole percent of the approved parts lines charged when the owner accepts (docs/decisions/0230). */
  depositPercent?: number;
  /** Whether the mechanic's payouts are ready, so the job is paid through Skyward. */
  payable?: boolean;
}
