import { z } from './zod.ts';
import { type Option, valuesOf } from './options.ts';
import { MARKETPLACE, URGENCY_LEVELS } from './marketplace.ts';
import { earliestStartDay } from './service-requests.ts';
import { refineRegistration } from './registration.ts';
import { isRealDate, renamed } from './fields.ts';

/**
 * Maintenance tracking: what each aircraft owes on both clocks (calendar and hours),
 * its squawks, and a service request from chosen items. Schemas here are shared by the dashboard's
 * forms and the functions. The rule arithmetic is in src/features/maintenance/rules.ts and
 * docs/decisions/0100-maintenance-tracking.md.
 */

export const ITEM_KINDS = [
  { value: 'annual', label: 'Annual inspection' },
  { value: '100_hour', label: '100-hour inspection' },
  { value: 'transponder', label: 'Transponder check' },
  { value: 'pitot_static', label: 'Altimeter and static system check' },
  { value: 'elt', label: 'ELT' },
  { value: 'registration', label: 'Registration' },
  { value: 'ad', label: 'Airworthiness directive' },
  { value: 'custom', label: 'Owner item' },
] as const satisfies readonly Option[];
export type ItemKind = (typeof ITEM_KINDS)[number]['value'];

export const ITEM_STATUSES = [
  { value: 'ok', label: 'OK' },
  { value: 'due_soon', label: 'Due soon' },
  { value: 'overdue', label: 'Overdue' },
] as const satisfies readonly Option[];
export type ItemStatus = (typeof ITEM_STATUSES)[number]['value'];

export const SQUAWK_PRIORITIES = [
  { value: 'grounding', label: 'Grounding' },
  { value: 'fix_soon', label: 'Fix soon' },
  { value: 'next_inspection', label: 'Next inspection' },
  { value: 'when_convenient', label: 'When convenient' },
] as const satisfies readonly Option[];
export type SquawkPriority = (typeof SQUAWK_PRIORITIES)[number]['value'];

export const SQUAWK_STATUSES = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
] as const satisfies readonly Option[];
export type SquawkStatus = (typeof SQUAWK_STATUSES)[number]['value'];

export const AIRCRAFT_USAGES = [
  { value: 'private', label: 'Private' },
  { value: 'for_hire', label: 'For hire or flight instruction for hire' },
] as const satisfies readonly Option[];
export type AircraftUsage = (typeof AIRCRAFT_USAGES)[number]['value'];

/** Defaults and bounds the issue leaves to us. */
export const MAINTENANCE = {
  dueSoonDays: 30,
  dueSoonHours: 10,
  /** 14 CFR 91.409(b): up to 10 hours over, only to reach a place where it can be done. */
  hundredHourAllowance: 10,
  /** Average use for hour forecasts comes from the readings of the last 90 days. */
  forecastWindowDays: 90,
  maxIntervalMonths: 240,
  maxIntervalHours: 10_000,
  maxDueSoonDays: 365,
  maxDueSoonHours: 500,
  /** Shown on an aircraft's card. */
  cardItems: 3,
  text: { title: 120, description: 5000, note: 2000, airport: 60, adMethod: 300, adRevision: 60 },
} as const;

/** What each rule-based kind is, by rule: its interval and cite. Custom and AD intervals are the owner's. */
export const KIND_RULES: Record<
  ItemKind,
  { intervalMonths: number | null; intervalHours: number | null; cite: string }
> = {
  annual: { intervalMonths: 12, intervalHours: null, cite: '14 CFR 91.409(a)' },
  '100_hour': { intervalMonths: null, intervalHours: 100, cite: '14 CFR 91.409(b)' },
  transponder: { intervalMonths: 24, intervalHours: null, cite: '14 CFR 91.413' },
  pitot_static: { intervalMonths: 24, intervalHours: null, cite: '14 CFR 91.411' },
  elt: { intervalMonths: 12, intervalHours: null, cite: '14 CFR 91.207(d)' },
  registration: { intervalMonths: null, intervalHours: null, cite: '14 CFR part 47' },
  ad: { intervalMonths: null, intervalHours: null, cite: '14 CFR part 39' },
  custom: { intervalMonths: null, intervalHours: null, cite: 'Owner schedule' },
};

/** Kinds whose interval the rule fixes; the owner enters only when it was last done. */
export const FIXED_INTERVAL_KINDS: readonly ItemKind[] = ['annual', '100_hour', 'transponder', 'pitot_static'];

export const AD_NUMBER = /^\d{4}-\d{2}-\d{2}$/;

// ---------------------------------------------------------------------------------------------
// Input helpers (inputs arrive as typed in a form, numbers as text and '' for empty, or as JSON)

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

const text = (label: string, max: number) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`,
    })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

const optionalText = (label: string, max: number) =>
  z
    .union([z.string(), z.null()], { error: `${label} must be text` })
    .optional()
    .transform((v, ctx) => {
      if (isBlank(v)) return null;
      const s = String(v).trim();
      if (s.length > max) {
        ctx.addIssue({ code: 'custom', message: `${label} must be at most ${max} characters` });
        return z.NEVER;
      }
      return s;
    });

const optionalDate = (label: string) =>
  z
    .union([z.string(), z.null()], { error: `${label} must be a date as YYYY-MM-DD` })
    .optional()
    .transform((v, ctx) => {
      if (isBlank(v)) return null;
      const s = String(v).trim();
      if (!isRealDate(s)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a date as YYYY-MM-DD` });
        return z.NEVER;
      }
      return s;
    });

const requiredDate = (label: string) =>
  optionalDate(label).transform((v, ctx) => {
    if (v === null) {
      ctx.addIssue({ code: 'custom', message: `${label} is required` });
      return z.NEVER;
    }
    return v;
  });

interface NumberRules {
  min?: number;
  max: number;
  integer?: boolean;
  /** At most one decimal place (tach and Hobbs read in tenths). */
  tenths?: boolean;
}

const optionalNumber = (label: string, rules: NumberRules) =>
  z
    .union([z.string(), z.number(), z.null()], { error: `${label} must be a number` })
    .optional()
    .transform((v, ctx) => {
      if (isBlank(v)) return null;
      const n = typeof v === 'number' ? v : Number(String(v).trim().replace(/,/g, ''));
      const min = rules.min ?? 0;
      let problem: string | null = null;
      if (!Number.isFinite(n)) problem = `${label} must be a number`;
      else if (n < min) problem = `${label} must be at least ${min}`;
      else if (n > rules.max) problem = `${label} must be at most ${rules.max.toLocaleString('en-US')}`;
      else if (rules.integer && !Number.isInteger(n)) problem = `${label} must be a whole number`;
      else if (rules.tenths && Math.abs(Math.round(n * 10) - n * 10) > 1e-6)
        problem = `${label} must have at most one decimal place`;
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return n;
    });

const requiredNumber = (label: string, rules: NumberRules) =>
  optionalNumber(label, rules).transform((v, ctx) => {
    if (v === null) {
      ctx.addIssue({ code: 'custom', message: `${label} is required` });
      return z.NEVER;
    }
    return v;
  });

const enumOf = <V extends string>(options: readonly Option<V>[], label: string) =>
  z.enum(valuesOf(options), {
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? `${label} is required`
        : `${label} must be one of: ${options.map((o) => o.value).join(', ')}`,
  });

const hours = (label: string) => optionalNumber(label, { max: MARKETPLACE.maxHours, tenths: true });

// ---------------------------------------------------------------------------------------------
// Aircraft edits (PATCH /api/aircraft/:id): every field optional; only those sent change ('' clears).

export const AircraftPatchSchema = z.object({
  tailNumber: text('Tail number', MARKETPLACE.text.tail)
    .min(1, 'Tail number is required')
    .transform((v) => v.toUpperCase())
    .superRefine(refineRegistration)
    .optional(),
  make: text('Make', MARKETPLACE.text.short).min(1, 'Make is required').optional(),
  model: text('Model', MARKETPLACE.text.short).min(1, 'Model is required').optional(),
  // `.optional()` outside the blank-to-null transform: a field not sent stays undefined (unchanged).
  year: optionalNumber('Year', { min: 1903, max: new Date().getUTCFullYear() + 1, integer: true }).optional(),
  totalHours: hours('Total hours').optional(),
  usage: enumOf(AIRCRAFT_USAGES, 'Usage').optional(),
  homeAirport: optionalText('Home airport', MAINTENANCE.text.airport).optional(),
  dueSoonDays: optionalNumber('Due soon days', { min: 1, max: MAINTENANCE.maxDueSoonDays, integer: true }).optional(),
  dueSoonHours: optionalNumber('Due soon hours', { min: 1, max: MAINTENANCE.maxDueSoonHours, tenths: true }).optional(),
});
export type AircraftPatch = z.output<typeof AircraftPatchSchema>;

// ---------------------------------------------------------------------------------------------
// Due items

const itemFields = {
  title: optionalText('Title', MAINTENANCE.text.title),
  adNumber: optionalText('AD number', 20).refine(
    (v) => v === null || AD_NUMBER.test(v),
    'AD number must look like YYYY-NN-NN (e.g. 2020-18-03)',
  ),
  /** An AD's method of compliance (91.417(a)(2)(v)): e.g. "Inspected per paragraph (g)", "Replaced the part". */
  adMethod: optionalText('Method of compliance', MAINTENANCE.text.adMethod),
  /** The AD's revision or amendment that applies, as the AD names it (e.g. "Amendment 39-21234, 2020-09-02"). */
  adRevision: optionalText('Revision', MAINTENANCE.text.adRevision),
  // A day's grace: the owner's today may be tomorrow in UTC.
  lastDoneDate: optionalDate('Last done date').refine(
    (v) => v === null || v <= new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
    'Last done date cannot be in the future',
  ),
  lastDoneHours: hours('Last done hours'),
  intervalMonths: optionalNumber('Interval in months', { min: 1, max: MAINTENANCE.maxIntervalMonths, integer: true }),
  intervalHours: optionalNumber('Interval in hours', { min: 0.1, max: MAINTENANCE.maxIntervalHours, tenths: true }),
  /** A fixed due date: registration expiry, ELT battery replacement date, a one-time AD's date. */
  dueDate: optionalDate('Due date'),
  /** A fixed due time in hours: a one-time AD's hours. */
  dueHours: hours('Due hours'),
  /** 100-hour only: hours over the last due time (at most 10) that count toward the next. */
  carriedHours: optionalNumber('Carried hours', { max: MAINTENANCE.hundredHourAllowance, tenths: true }),
  notes: optionalText('Notes', MAINTENANCE.text.note),
};

export const ItemCreateSchema = z.object({ kind: enumOf(ITEM_KINDS, 'Kind'), ...itemFields });
export type ItemCreate = z.output<typeof ItemCreateSchema>;

/** PATCH: the fields sent replace the stored ones ('' or null clears); kind cannot change (checked by the server). */
export const ItemPatchSchema = z.object({ kind: enumOf(ITEM_KINDS, 'Kind'), ...itemFields }).partial();
export type ItemPatch = z.output<typeof ItemPatchSchema>;

// ---------------------------------------------------------------------------------------------
// Hours, squawks, request

export const HoursSchema = z.object({
  hours: requiredNumber('Hours', { max: MARKETPLACE.maxHours, tenths: true }),
  date: requiredDate('Date'),
});

const uuid = (label: string) => z.uuid({ error: `${label} must be a valid id` });

export const SquawkCreateSchema = z.object({
  title: text('Title', MAINTENANCE.text.title).min(1, 'Title is required'),
  description: optionalText('Description', MAINTENANCE.text.description),
  priority: enumOf(SQUAWK_PRIORITIES, 'Priority'),
  documentId: uuid('Photo')
    .nullish()
    .transform((v) => v ?? null),
});

/** Also taken: `note` or `resolution` for the resolution note, `resolved: true` for the status. */
export const SquawkPatchSchema = z.preprocess(
  (v) => {
    const named = renamed({ note: 'resolutionNote', resolution: 'resolutionNote' })(v);
    if (!named || typeof named !== 'object' || Array.isArray(named)) return named;
    const body = named as Record<string, unknown>;
    const { resolved, ...rest } = body;
    return resolved === true && rest['status'] === undefined ? { ...rest, status: 'resolved' } : body;
  },
  z
    .object({
      title: text('Title', MAINTENANCE.text.title).min(1, 'Title is required').optional(),
      description: optionalText('Description', MAINTENANCE.text.description),
      priority: enumOf(SQUAWK_PRIORITIES, 'Priority').optional(),
      documentId: uuid('Photo').nullish(),
      status: enumOf(SQUAWK_STATUSES, 'Status').optional(),
      resolutionNote: optionalText('Resolution note', MAINTENANCE.text.note),
    })
    .refine((v) => v.status !== 'resolved' || v.resolutionNote, {
      path: ['resolutionNote'],
      message: 'A resolution note is required to resolve a squawk',
    }),
);

export const MaintenanceRequestSchema = z
  .object({
    itemIds: z
      .array(uuid('Item'), { error: 'itemIds must be a list of item ids' })
      .max(100)
      .optional()
      .transform((v) => [...new Set(v ?? [])]),
    squawkIds: z
      .array(uuid('Squawk'), { error: 'squawkIds must be a list of squawk ids' })
      .max(100)
      .optional()
      .transform((v) => [...new Set(v ?? [])]),
    preferredStartDate: optionalDate('Preferred start date').refine(
      (d) => d === null || d >= earliestStartDay(),
      'Preferred start date cannot be in the past',
    ),
    urgencyLevel: z.preprocess((v) => (isBlank(v) ? undefined : v), enumOf(URGENCY_LEVELS, 'Urgency level').optional()),
    /** The owner's words for the mechanics, after the list of items (the review step). */
    note: optionalText('Note', MAINTENANCE.text.note),
    estimatedBudget: optionalNumber('Estimated budget', { max: MARKETPLACE.maxMoney }),
  })
  .refine((v) => v.itemIds.length + v.squawkIds.length > 0, {
    path: ['itemIds'],
    message: 'Choose at least one item or squawk to request service for',
  });

/**
 * The review step asks for the aircraft's home airport when it has none: the request goes to the
 * mechanics near it. Saved on the aircraft (`AircraftPatchSchema`) before the request is sent.
 */
export const HomeAirportNeededSchema = z.object({
  homeAirport: z
    .string()
    .trim()
    .min(1, 'Say where the aircraft is: an airport code or a city and state')
    .max(MAINTENANCE.text.airport, `Home airport must be at most ${MAINTENANCE.text.airport} characters`),
});
export type MaintenanceRequestData = z.output<typeof MaintenanceRequestSchema>;

/** What the mechanic records when completing a job linked to items and squawks. */
export const MaintenanceCompletionSchema = z.object({
  itemIds: z
    .array(uuid('Item'))
    .max(100)
    .optional()
    .transform((v) => [...new Set(v ?? [])]),
  squawkIds: z
    .array(uuid('Squawk'))
    .max(100)
    .optional()
    .transform((v) => [...new Set(v ?? [])]),
  date: requiredDate('Date done'),
  hours: hours('Tach at completion'),
  note: optionalText('Note', MAINTENANCE.text.note),
});
export type MaintenanceCompletionData = z.output<typeof MaintenanceCompletionSchema>;

// ---------------------------------------------------------------------------------------------
// Response shapes

export interface MaintenanceItem {
  id: string;
  kind: ItemKind;
  title: string;
  cite: string;
  adNumber: string | null;
  /** An AD's method of compliance and revision (14 CFR 91.417(a)(2)(v)); null for other kinds or until entered. */
  adMethod: string | null;
  adRevision: string | null;
  lastDoneDate: string | null;
  lastDoneHours: number | null;
  intervalMonths: number | null;
  intervalHours: number | null;
  /** Next due, whichever comes first of the interval and any fixed date. */
  dueDate: string | null;
  dueHours: number | null;
  /** When the aircraft is expected to reach `dueHours` at its average use of the last 90 days. */
  forecastDate: string | null;
  status: ItemStatus;
  carriedHours: number;
  notes: string | null;
}

export interface Squawk {
  id: string;
  title: string;
  description: string | null;
  priority: SquawkPriority;
  status: SquawkStatus;
  documentId: string | null;
  resolutionNote: string | null;
  resolvedAt: string | null;
  createdAt: string;
}

export interface Reason {
  text: string;
  cite: string;
}

export type AirworthinessVerdict = 'airworthy' | 'not_airworthy' | 'unknown';

/** The reason an aircraft's airworthiness is unknown: the tracker has not been told of its annual. */
export const ANNUAL_UNKNOWN_REASON: Reason = {
  text: 'Airworthiness unknown: enter when the last annual inspection was done',
  cite: '14 CFR 91.409(a)',
};

/** The verdict as every screen words it (docs/decisions/0270-one-airworthiness-rule.md). */
export function verdictLabel(verdict: AirworthinessVerdict, limits: readonly Reason[] = []): string {
  if (verdict === 'not_airworthy') return 'Not airworthy';
  if (verdict === 'unknown') return 'Airworthiness unknown';
  return limits.length > 0 ? 'Airworthy, with limits' : 'Airworthy';
}

export interface HoursReading {
  id: string;
  hours: number;
  date: string;
}

export interface MaintenanceView {
  aircraftId: string;
  tailNumber: string;
  usage: AircraftUsage;
  /** True only when the product knows the aircraft is airworthy (the annual entered and nothing grounds it). */
  airworthy: boolean;
  /** 'unknown' until the last annual inspection is entered and nothing else grounds the aircraft. */
  verdict: AirworthinessVerdict;
  reasons: Reason[];
  /** What an overdue item forbids without grounding the aircraft (transponder, static system): shown with any verdict. */
  limits: Reason[];
  currentHours: number | null;
  /** Average hours a day over the last 90 days of readings; null without two readings. */
  hoursPerDay: number | null;
  dueSoonDays: number;
  dueSoonHours: number;
  items: MaintenanceItem[];
  squawks: Squawk[];
  readings: HoursReading[];
  /** The aircraft's airport's IANA zone: its dates are local days there (docs/decisions/0360). */
  timeZone: string;
}

/**
 * The Overview's Due Soon card (GET /api/maintenance/due-soon): what is due soon or overdue, and
 * every aircraft not known to be airworthy, across all of an owner's aircraft, worked out on the
 * server. (The card once read the due list of each aircraft on the first page of My Aircraft, so
 * an owner's 21st aircraft was never in it.) Lists are cut at `shown`, with the count left out.
 */
export const DUE_SOON = {
  /** Rows and verdicts in the card; the rest are counted ("and 4 more in My Aircraft"). */
  shown: 20,
  /** The aircraft read for one answer, most recently added first; a larger fleet is told so. */
  aircraftRead: 200,
} as const;

export interface DueSoonRow extends MaintenanceItem {
  aircraftId: string;
  tailNumber: string;
}

export interface DueSoonVerdict {
  aircraftId: string;
  tailNumber: string;
  verdict: AirworthinessVerdict;
  reasons: Reason[];
  limits: Reason[];
}

export interface DueSoon {
  /** Overdue first, then due soon; each group by the earliest of due date and forecast. */
  rows: DueSoonRow[];
  moreRows: number;
  /** Aircraft not airworthy, not known to be, or flying with limits. */
  verdicts: DueSoonVerdict[];
  moreVerdicts: number;
  /** How many of the owner's aircraft were read, and how many the owner has. */
  aircraftRead: number;
  aircraftTotal: number;
}

/** The due list of the aircraft a service request came from, with what the request was made for and what is done. */
export interface RequestMaintenance extends MaintenanceView {
  serviceRequestId: string;
  linkedItemIds: string[];
  linkedSquawkIds: string[];
  completedItemIds: string[];
  completedSquawkIds: string[];
}
