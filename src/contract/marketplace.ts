import { z } from './zod.ts';
import type { Option } from './options.ts';
import type { BidLine, CategoryTotals, Totals } from './line-items.ts';
import type { JobFigures } from './job-figures.ts';
import type { AppointmentParties, ScheduleView } from './appointment-schedule.ts';
import { enumOf, isRealDate, optionalText, renamed, requiredText } from './fields.ts';
import { refineRegistration } from './registration.ts';
import { TOTAL_TIME_ALIASES, TotalTimeHoursField } from './records.ts';
import type { AppointmentCancellation } from './appointment-cancel.ts';

/**
 * The marketplace's payloads: one zod schema per form, used by the React form and by the function
 * that receives it. Inputs arrive as typed in a form (numbers as text, '' for empty) or as JSON
 * numbers from other clients; both parse to the same output.
 */

/** docs/product.md §3: the marketplace's service types (the public quote form has its own, QUOTE_SERVICE_TYPES); labels are the codes in title case. */
export const MARKETPLACE_SERVICE_TYPES = [
  { value: 'annual_inspection', label: 'Annual Inspection' },
  { value: 'hundred_hour', label: 'Hundred Hour' },
  { value: 'prepurchase', label: 'Prepurchase' },
  { value: 'avionics_install', label: 'Avionics Install' },
  { value: 'engine_repair', label: 'Engine Repair' },
  { value: 'scheduled_maintenance', label: 'Scheduled Maintenance' },
  { value: 'emergency_repair', label: 'Emergency Repair' },
] as const satisfies readonly Option[];
export type MarketplaceServiceType = (typeof MARKETPLACE_SERVICE_TYPES)[number]['value'];

export const URGENCY_LEVELS = [
  { value: 'low', label: 'Low' },
  { value: 'normal', label: 'Normal' },
  { value: 'high', label: 'High' },
  { value: 'emergency', label: 'Emergency' },
] as const satisfies readonly Option[];
export type UrgencyLevel = (typeof URGENCY_LEVELS)[number]['value'];

export const WEEKDAYS = [
  { value: 0, label: 'Sun' },
  { value: 1, label: 'Mon' },
  { value: 2, label: 'Tue' },
  { value: 3, label: 'Wed' },
  { value: 4, label: 'Thu' },
  { value: 5, label: 'Fri' },
  { value: 6, label: 'Sat' },
] as const;

/** docs/product.md §9 defaults and steps, and the bounds the spec leaves open. */
export const MARKETPLACE = {
  maxTravelDistance: 50,
  warrantyPeriodDays: 90,
  serviceRadius: 50,
  availableWeekdays: [1, 2, 3, 4, 5] as number[],
  preferredHours: { start: '08:00', end: '17:00' },
  rating: 5.0,
  completedJobs: 0,
  /** Shown instead of stars until a mechanic's first rating: a new mechanic is not "5.0". */
  newMechanicLabel: 'New · no ratings yet',
  /** How many reviews with words a mechanic's profile shows owners. */
  publicReviews: 5,
  hoursStep: 0.5,
  moneyStep: 0.01,
  /** Time of day an appointment gets when the mechanic's profile has no preferred hours. */
  defaultScheduledTime: '09:00',
  notificationsLimit: 20,
  notificationsMaxLimit: 100,
  overviewItems: 3,
  maxRadiusMiles: 3000,
  /** How far a mechanic may say they travel (issue 11: wide radii exposed every request). */
  maxServiceRadiusMiles: 500,
  maxMoney: 10_000_000,
  maxHours: 100_000,
  maxEstimatedHours: 5000,
  maxWarrantyDays: 3650,
  text: { short: 120, tail: 20, description: 5000, notes: 2000 },
} as const;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
// A number or a form's text only: `[1]` must not read as 1 through String() (issue 27, point 8).
const toNumber = (v: unknown) =>
  typeof v === 'number' ? v : typeof v === 'string' ? Number(v.trim().replace(/[$,]/g, '')) : Number.NaN;
const hasAtMostCents = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

interface NumberRules {
  min?: number;
  /** Strictly above `min` (e.g. hours must be more than 0). */
  exclusiveMin?: boolean;
  max: number;
  integer?: boolean;
  /** Must be a multiple of this step (0.5 hours). */
  step?: number;
  money?: boolean;
  /** A calendar year reads without a thousands separator ("2027", not "2,027"). */
  year?: boolean;
}

function checkNumber(label: string, n: number, rules: NumberRules): string | null {
  const min = rules.min ?? 0;
  if (!Number.isFinite(n)) return `${label} must be a number`;
  if (rules.exclusiveMin ? n <= min : n < min)
    return `${label} must be ${rules.exclusiveMin ? 'more than' : 'at least'} ${min}`;
  if (n > rules.max)
    return `${label} must be at most ${rules.year ? String(rules.max) : rules.max.toLocaleString('en-US')}`;
  if (rules.integer && !Number.isInteger(n)) return `${label} must be a whole number`;
  if (rules.money && !hasAtMostCents(n)) return `${label} must have at most 2 decimal places`;
  if (rules.step && Math.abs(Math.round(n / rules.step) * rules.step - n) > 1e-9)
    return `${label} must be in steps of ${rules.step}`;
  return null;
}

/** An optional number typed into a form: '' or null means not given (null). */
const optionalNumber = (label: string, rules: NumberRules) =>
  z
    .union([z.string(), z.number(), z.null()], { error: `${label} must be a number` })
    .optional()
    .transform((v, ctx) => {
      if (isBlank(v)) return null;
      const n = toNumber(v);
      const problem = checkNumber(label, n, rules);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return n;
    });

/** A required number; `fallback` makes it optional with that default. */
const requiredNumber = (label: string, rules: NumberRules, fallback?: number) =>
  z
    .union([z.string(), z.number(), z.null()], { error: `${label} must be a number` })
    .optional()
    .transform((v, ctx) => {
      if (isBlank(v)) {
        if (fallback !== undefined) return fallback;
        ctx.addIssue({ code: 'custom', message: `${label} is required` });
        return z.NEVER;
      }
      const n = toNumber(v);
      const problem = checkNumber(label, n, rules);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return n;
    });

/** A calendar date as 'YYYY-MM-DD' (what a date input gives); an ISO timestamp is cut to its date. */
const dateText = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .transform((v) => (/^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v))
    .refine((v) => v !== '', `${label} is required`)
    .refine((v) => v === '' || isRealDate(v), `${label} must be a date as YYYY-MM-DD`);

const optionalDate = (label: string) =>
  z
    .union([z.string(), z.null()], { error: `${label} must be a date as YYYY-MM-DD` })
    .optional()
    .transform((v, ctx) => {
      if (isBlank(v)) return null;
      const s = String(v).trim();
      const d = /^\d{4}-\d{2}-\d{2}T/.test(s) ? s.slice(0, 10) : s;
      if (!isRealDate(d)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a date as YYYY-MM-DD` });
        return z.NEVER;
      }
      return d;
    });

const flag = (label: string, fallback: boolean) =>
  z
    .union([z.boolean(), z.literal('true'), z.literal('false'), z.literal('on')], {
      error: `${label} must be true or false`,
    })
    .optional()
    .transform((v) => (v === undefined ? fallback : v === true || v === 'true' || v === 'on'));

const uuid = (label: string) => z.uuid({ error: `${label} must be a valid id` });

const thisYear = new Date().getUTCFullYear();

// ---------------------------------------------------------------------------------------------
// Aircraft (docs/product.md §5: tailNumber, make, model required; year and total hours numbers or null)

export const AircraftSchema = z.object({
  tailNumber: requiredText('Tail number', MARKETPLACE.text.tail)
    .transform((v) => v.toUpperCase())
    .superRefine(refineRegistration),
  make: requiredText('Make', MARKETPLACE.text.short),
  model: requiredText('Model', MARKETPLACE.text.short),
  year: optionalNumber('Year', { min: 1903, max: thisYear + 1, integer: true, year: true }),
  totalHours: optionalNumber('Total hours', { max: MARKETPLACE.maxHours }),
  /** Maintenance tracking (issue 13): private, or used for hire (the 100-hour rule applies). */
  usage: z
    .enum(['private', 'for_hire'], { error: 'Usage must be one of: private, for_hire' })
    .optional()
    .transform((v) => v ?? 'private'),
  homeAirport: optionalText('Home airport', 60),
});
export type AircraftInput = z.input<typeof AircraftSchema>;
export type AircraftData = z.output<typeof AircraftSchema>;

export interface Aircraft {
  id: string;
  tailNumber: string;
  make: string;
  model: string;
  year: number | null;
  totalHours: number | null;
  usage: 'private' | 'for_hire';
  homeAirport: string | null;
  dueSoonDays: number;
  dueSoonHours: number;
  createdAt: string;
}

// ---------------------------------------------------------------------------------------------
// Service request, the "enhanced quote" (docs/product.md §3 and 5)

/**
 * The earliest preferred start the server takes: yesterday in UTC, so that "today" passes in every
 * time zone (the form itself offers nothing before the user's own today).
 */
export const earliestStartDay = (now = Date.now()) => new Date(now - 86_400_000).toISOString().slice(0, 10);

export const ServiceRequestSchema = z
  .object({
    /** One of the pilot's own aircraft; its details fill any aircraft field left out. */
    aircraftId: uuid('Aircraft')
      .nullish()
      .transform((v) => v ?? null),
    aircraftMake: optionalText('Aircraft make', MARKETPLACE.text.short),
    aircraftModel: optionalText('Aircraft model', MARKETPLACE.text.short),
    aircraftYear: optionalNumber('Aircraft year', { min: 1903, max: thisYear + 1, integer: true }),
    aircraftTailNumber: optionalText('Tail number', MARKETPLACE.text.tail)
      .transform((v) => (v ? v.toUpperCase() : null))
      .superRefine(refineRegistration),
    aircraftTotalHours: optionalNumber('Aircraft total hours', { max: MARKETPLACE.maxHours }),
    aircraftLocation: requiredText('Aircraft location', MARKETPLACE.text.short),
    serviceType: enumOf(MARKETPLACE_SERVICE_TYPES, 'Service type'),
    serviceDescription: requiredText('Service description', MARKETPLACE.text.description),
    urgencyLevel: z.preprocess((v) => (isBlank(v) ? 'normal' : v), enumOf(URGENCY_LEVELS, 'Urgency level')),
    preferredStartDate: optionalDate('Preferred start date').refine(
      (d) => d === null || d >= earliestStartDay(),
      'Preferred start date cannot be in the past',
    ),
    serviceLocation: requiredText('Service location', MARKETPLACE.text.short),
    customerWillTravel: flag('customerWillTravel', false),
    maxTravelDistance: requiredNumber(
      'Max travel distance',
      { max: MARKETPLACE.maxRadiusMiles, integer: true },
      MARKETPLACE.maxTravelDistance,
    ),
    estimatedBudget: optionalNumber('Estimated budget', { max: MARKETPLACE.maxMoney, money: true }),
  })
  .superRefine((v, ctx) => {
    if (v.aircraftId) return; // filled from the aircraft on the server
    const required: Array<[keyof typeof v, string]> = [
      ['aircraftMake', 'Aircraft make'],
      ['aircraftModel', 'Aircraft model'],
      ['aircraftTailNumber', 'Tail number'],
    ];
    for (const [key, label] of required) {
      if (!v[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${label} is required` });
    }
  });
export type ServiceRequestInput = z.input<typeof ServiceRequestSchema>;
export type ServiceRequestData = z.output<typeof ServiceRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Mechanic profile (docs/product.md §3 and 5)

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

export const MechanicProfileSchema = z.object({
  apNumber: requiredText('A&P certificate number', 40),
  iaAuthorization: flag('iaAuthorization', false),
  specialties: z
    .array(enumOf(MARKETPLACE_SERVICE_TYPES, 'Specialty'), { error: 'Specialties must be a list of service types' })
    .max(MARKETPLACE_SERVICE_TYPES.length)
    .optional()
    .transform((v) => [...new Set(v ?? [])]),
  hourlyRate: requiredNumber('Hourly rate', { max: 100_000, money: true }),
  travelRate: optionalNumber('Travel rate', { max: 100_000, money: true }),
  serviceRadius: requiredNumber(
    'Service radius',
    { min: 1, max: MARKETPLACE.maxServiceRadiusMiles, integer: true },
    MARKETPLACE.serviceRadius,
  ),
  baseLocation: requiredText('Base location', MARKETPLACE.text.short),
  businessName: optionalText('Business name', MARKETPLACE.text.short),
  availableWeekdays: z
    // Coerced: checkbox groups give '1'..'5' as text.
    .array(z.coerce.number().int().min(0).max(6), {
      error: 'Available weekdays must be a list of days 0-6 (Sunday is 0)',
    })
    .optional()
    .transform((v) => (v === undefined ? [...MARKETPLACE.availableWeekdays] : [...new Set(v)].sort((a, b) => a - b))),
  preferredHours: z
    .object({
      start: z.string().regex(HHMM, 'Start time must be HH:MM'),
      end: z.string().regex(HHMM, 'End time must be HH:MM'),
    })
    .nullish()
    .transform((v) => v ?? { ...MARKETPLACE.preferredHours })
    .refine((v) => v.start < v.end, 'Preferred hours must end after they start'),
});
export type MechanicProfileInput = z.input<typeof MechanicProfileSchema>;
export type MechanicProfileData = z.output<typeof MechanicProfileSchema>;

export interface MechanicProfile {
  apNumber: string;
  iaAuthorization: boolean;
  specialties: MarketplaceServiceType[];
  hourlyRate: number;
  travelRate: number | null;
  serviceRadius: number;
  baseLocation: string;
  /** How the base location was understood, e.g. 'KSJC (San Jose, CA)'. */
  baseLocationLabel: string;
  businessName: string | null;
  availableWeekdays: number[];
  preferredHours: { start: string; end: string };
  /** The average of the mechanic's ratings; meaningless while `ratingCount` is 0 (a new mechanic). */
  rating: number;
  ratingCount: number;
  completedJobs: number;
  /** The certificate number and IA an administrator verified: the only ones that count (docs/decisions/0180). */
  verifiedApNumber: string | null;
  verifiedIa: boolean;
  /** The profile asks for a number or an IA not verified yet: it waits in the administrator's queue. */
  credentialsPending: boolean;
}

/** A review an owner left with a rating, as other owners read it (the reviewer as "Olga O."). */
export interface PublicReview {
  rating: number;
  review: string;
  reviewer: string;
  createdAt: string;
}

/**
 * A mechanic as an owner who got their quote sees them (GET /api/mechanics/:id/profile): what the
 * mechanic states, what the platform counted, and the FAA airmen file's single match. Never the
 * certificate number, contact details or the schedule (docs/decisions/0150-mechanic-profile-for-owners.md).
 */
export interface PublicMechanicProfile {
  mechanicId: string;
  name: string;
  businessName: string | null;
  baseLocationLabel: string;
  serviceRadius: number;
  specialties: MarketplaceServiceType[];
  hourlyRate: number;
  iaAuthorization: boolean;
  rating: number;
  ratingCount: number;
  completedJobs: number;
  /** 'YYYY-MM-DD' of the account's creation. */
  memberSince: string;
  /** "Found in the FAA airmen file of <month>: ..." for a single match; null otherwise. */
  faaAirmen: string | null;
  /** The latest reviews with words, newest first (at most `MARKETPLACE.publicReviews`). */
  reviews: PublicReview[];
}

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

export const RatingSchema = z.object({
  rating: z
    .union([z.number(), z.string()], { error: 'Rating is required' })
    .transform((v) => (typeof v === 'number' ? v : Number(v)))
    .refine((n) => Number.isInteger(n) && n >= 1 && n <= 5, 'Rating must be a whole number from 1 to 5'),
  review: optionalText('Review', MARKETPLACE.text.notes),
});
export type RatingInput = z.input<typeof RatingSchema>;

/** Optional note a mechanic adds when moving an appointment along. */
export const AppointmentActionSchema = z.object({
  mechanicNotes: optionalText('Mechanic notes', MARKETPLACE.text.notes),
});

/**
 * Completing also takes the tach reading, the total time in service of the logbook entry the
 * completion drafts (docs/decisions/0130); by its other names too (tachReading, totalTimeInService...).
 */
export const AppointmentCompleteSchema = z.preprocess(
  renamed(TOTAL_TIME_ALIASES),
  AppointmentActionSchema.extend({ totalTimeHours: TotalTimeHoursField }),
);

export const NotificationsQuerySchema = z.object({
  unread_only: z
    .enum(['true', 'false', '1', '0'], { error: 'unread_only must be true or false' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  limit: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return MARKETPLACE.notificationsLimit;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1) {
        ctx.addIssue({ code: 'custom', message: 'limit must be a whole number of at least 1' });
        return z.NEVER;
      }
      // Larger asks are served at the cap rather than refused: the client just gets fewer.
      return Math.min(n, MARKETPLACE.notificationsMaxLimit);
    }),
});

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
  /** The bid's lines and per-category totals (issue 14); the figures above are their sums. */
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

export interface MatchedMechanic {
  mechanicId: string;
  mechanicName: string;
  distanceMiles: number;
  rating: number;
  completedJobs: number;
}

export type RequestStatus = 'pending' | 'matched' | 'quoted' | 'approved' | 'in_progress' | 'completed' | 'cancelled';

export interface ServiceRequest {
  id: string;
  aircraftId: string | null;
  aircraftMake: string;
  aircraftModel: string;
  aircraftYear: number | null;
  aircraftTailNumber: string;
  aircraftTotalHours: number | null;
  aircraftLocation: string;
  serviceType: MarketplaceServiceType;
  serviceDescription: string;
  urgencyLevel: UrgencyLevel;
  preferredStartDate: string | null;
  serviceLocation: string;
  serviceLocationLabel: string | null;
  customerWillTravel: boolean;
  maxTravelDistance: number;
  estimatedBudget: number | null;
  status: RequestStatus;
  createdAt: string;
  customerName: string;
  /**
   * The nearest few matched mechanics and every one who quoted (a mechanic sees only themself);
   * `matchedMechanicsCount` says how many were matched in all (docs/decisions/0200).
   */
  matchedMechanics: MatchedMechanic[];
  matchedMechanicsCount: number;
  quotes: Bid[];
  /** Mechanic view only: this mechanic's distance and own quote. */
  distanceMiles?: number | null;
  myQuote?: Bid | null;
  /** Owner's list: the job's mechanic can no longer work (rejected or suspended); it may be re-listed (POST .../relist). */
  relistable?: boolean;
}

export type AppointmentStatus = 'scheduled' | 'confirmed' | 'in_progress' | 'completed' | 'cancelled';

export interface Appointment {
  id: string;
  serviceRequestId: string;
  bidId: string;
  scheduledDate: string;
  scheduledTime: string;
  estimatedDuration: number;
  serviceLocation: string;
  mechanicNotes: string | null;
  status: AppointmentStatus;
  actualStartTime: string | null;
  completedAt: string | null;
  mechanicId: string;
  mechanicName: string;
  customerName: string;
  aircraftMake: string;
  aircraftModel: string;
  aircraftTailNumber: string;
  serviceType: MarketplaceServiceType;
  laborCost: number;
  partsCost: number;
  totalCost: number;
  warrantyPeriod: number;
  rating: number | null;
  review: string | null;
  createdAt: string;
  /** The lines the owner approved (the quote's and change orders'), their totals, change orders waiting. */
  /** The accepted quote's total as sent; `totalCost` is the approved work's (docs/decisions/0110). */
  quotedTotal?: number;
  approvedLines?: BidLine[];
  approvedTotals?: Totals;
  pendingChangeOrders?: number;
  /** The job's figures, each named (docs/decisions/0170); `totalCost` is `figures.current`. */
  figures?: JobFigures;
  /** Both parties' contacts and where the aircraft is: only on answers to the owner or the assigned mechanic. */
  parties?: AppointmentParties;
  /** Proposed times, the agreed one, and reschedules (docs/decisions/0171). */
  schedule?: ScheduleView;
  /** On a cancelled appointment: who cancelled and, for its mechanic, why (docs/decisions/0167). */
  cancellation?: AppointmentCancellation;
  /** Set when the appointment was booked from a mechanic's calendar (docs/decisions/0241). */
  booking?: AppointmentBooking;
}

/**
 * What an appointment made by booking carries for its two parties: its days and the terms agreed
 * at booking (docs/decisions/0241). Written here, where the appointment answer is, and named
 * `BookingTerms` in booking.ts (which imports this file, not the other way).
 */
export interface AppointmentBooking {
  holdId: string;
  start: string;
  days: string[];
  /** The start of work as an instant (the mechanic's start hour in their time zone). */
  startsAt: string;
  timeZone: string;
  /** The window agreed at booking: free to reschedule or cancel until this many hours before the start. */
  freeCancelHours: number;
  /** The last moment the owner may reschedule or cancel at no cost. */
  freeUntil: string;
  /** Whether the owner may still reschedule or cancel it now (live and inside the window). */
  changeable: boolean;
  reschedules: number;
  /** The due items it was booked for. */
  itemIds: string[];
}

export interface Notification {
  id: string;
  type: string;
  title: string;
  message: string;
  link: string | null;
  isRead: boolean;
  createdAt: string;
}

/** POST /api/enhanced/quotes/{id}/accept: the approved request and its new appointment. */
export interface AcceptResult {
  success: true;
  request: ServiceRequest;
  appointment: Appointment;
  /** When the bid is payable through Skyward: the hosted page to save a card, and the deposit (docs/decisions/0230). */
  payment?: { setupUrl: string; depositCents: number };
}

/** Whether the user's marketplace notifications also arrive by email. */
export const EmailPreferenceSchema = z.object({
  emailNotifications: z.boolean({ error: 'emailNotifications must be true or false' }),
});
