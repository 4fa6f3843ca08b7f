import { z } from './zod.ts';
import type { Option } from './options.ts';
import { enumOf, isRealDate, optionalText } from './fields.ts';
import { MARKETPLACE_SERVICE_TYPES, type MarketplaceServiceType } from './marketplace.ts';
import type { AppointmentBooking } from './appointments.ts';
import { isUuid } from './ids.ts';
import type { ItemKind } from './maintenance.ts';

/**
 * Instant booking (docs/decisions/0240-instant-booking.md): flat rates a mechanic publishes per
 * service and aircraft class, the availability they are booked against, and the hold an owner
 * places on a start day before confirming. One schema per payload, shared by forms and functions.
 */

export const BOOKING = {
  /** How long a hold keeps the days for the owner who placed it. */
  holdMinutes: 10,
  /** How far ahead offers look for open start days. */
  horizonDays: 90,
  /** Open start days listed per offer. */
  openStartsShown: 5,
  /** Offers per page (the list is paged like every other, docs/decisions/0201). */
  offersPage: 20,
  maxPriceCents: 10_000_000_00,
  maxDays: 30,
  maxRates: MARKETPLACE_SERVICE_TYPES.length * 4,
  maxTimeOff: 50,
  maxConcurrentJobs: 10,
  includesMax: 500,
} as const;

/**
 * Aircraft classes a flat rate is priced for. The aircraft table holds make and model only, so the
 * class is read from the model (`aircraftClassOf`); the four classes are the ones shops price
 * annuals by (engine count, turbine or piston, and for singles whether the gear retracts).
 */
export const AIRCRAFT_CLASSES = [
  { value: 'single_piston_fixed', label: 'Single piston, fixed gear' },
  { value: 'single_piston_retractable', label: 'Single piston, retractable gear' },
  { value: 'twin_piston', label: 'Twin piston' },
  { value: 'turboprop', label: 'Turboprop' },
] as const satisfies readonly Option[];
export type AircraftClass = (typeof AIRCRAFT_CLASSES)[number]['value'];

/** Model names (after the make) that identify a class; the first matching rule wins. */
const CLASS_RULES: ReadonlyArray<{ cls: AircraftClass; make?: RegExp; model: RegExp }> = [
  {
    cls: 'turboprop',
    model:
      /king\s*air|\bc?90\b|\bb?200\b|\b350\b|caravan|(?<!\d)208(?!\d)|tbm|pc-?12|meridian|m500|m600|kodiak|jetprop|cheyenne|conquest|(?<!\d)441(?!\d)|commander\s*(690|695|980|1000)|mu-?2|turbine/i,
  },
  {
    cls: 'twin_piston',
    model:
      /baron|(?<!\d)(55|58)(?!\d)|twin\s*bonanza|duke|travel\s*air|(?<!\d)95(?!\d)|seneca|seminole|aztec|apache|navajo|chieftain|\bpa-?(23|30|31|34|44)\b|twin\s*comanche|(?<!\d)(310|320|335|340|402|404|414|421)(?!\d)|skymaster|(?<!\d)337(?!\d)|da-?42|da-?62|duchess|(?<![\d-])76(?!\d)|islander/i,
  },
  {
    cls: 'single_piston_retractable',
    model:
      /bonanza|debonair|(?<![\d-])(33|35|36)(?!\d)|mooney|\bm20|arrow|\bpa-?28r|\bpa-?24\b|comanche|\bpa-?32r|saratoga|lance|malibu|mirage|\bpa-?46|182\s?rg|172\s?rg|r182|tr182|(?<!\d)210(?!\d)|centurion|cardinal\s*rg|\b177rg\b|sierra|\bc24r|commander\s*11[24]|navion|\bt-?34|lake|trinidad|tb-?20|tb-?21/i,
  },
  {
    cls: 'single_piston_fixed',
    model:
      /(?<!\d)(150|152|170|172|175|177|180|182|185|206|207)(?!\d)|stationair|skyhawk|skylane|skylark|skywagon|cardinal|cherokee|warrior|archer|dakota|\bpa-?(18|22|28|32)\b|six|cub|pacer|tri-?pacer|musketeer|sundowner|\bc23|\bc19|sr2[02]|cirrus|da-?(20|40)|diamond|tb-?(9|10)|tampico|tobago|grumman|aa-?[15]|tiger|cheetah|yankee|champ|citabria|decathlon|scout|luscombe|ercoupe|\bj-?3\b|husky|\brv-?\d|kitfox|maule|bearhawk|carbon\s*cub|top\s*cub|sport\s*cruiser|(?<!\d)162(?!\d)|skycatcher/i,
  },
];

/** The class of an aircraft from its make and model, or null when the model is not one we know. */
export function aircraftClassOf(make: string, model: string): AircraftClass | null {
  const text = `${make} ${model}`;
  for (const rule of CLASS_RULES) if (rule.model.test(text)) return rule.cls;
  return null;
}

export const HOW_SQUAWKS_ARE_BILLED =
  'Squawks found during the work are quoted as itemized lines in a change order; nothing is added to the flat price without your approval.';

const cents = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of cents` })
    .int(`${label} must be a whole number of cents`)
    .min(1, `${label} must be more than 0`)
    .max(BOOKING.maxPriceCents, `${label} must be at most ${BOOKING.maxPriceCents}`);

export const RateSchema = z.object(
  {
    serviceType: enumOf(MARKETPLACE_SERVICE_TYPES, 'Service type'),
    aircraftClass: enumOf(AIRCRAFT_CLASSES, 'Aircraft class'),
    priceCents: cents('Price'),
    includes: optionalText('What the price includes', BOOKING.includesMax),
    days: z
      .number({ error: 'Days must be a whole number' })
      .int('Days must be a whole number')
      .min(1, 'Days must be at least 1')
      .max(BOOKING.maxDays, `Days must be at most ${BOOKING.maxDays}`),
  },
  { error: 'Each rate must be an object' },
);
export type RateData = z.output<typeof RateSchema>;

/** PUT replaces the whole list: one price per service type and aircraft class. */
export const RatesSchema = z
  .array(RateSchema, { error: 'Rates must be a list' })
  .max(BOOKING.maxRates, `At most ${BOOKING.maxRates} rates`)
  .superRefine((rates, ctx) => {
    const seen = new Set<string>();
    rates.forEach((r, i) => {
      const key = `${r.serviceType}/${r.aircraftClass}`;
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: [i, 'aircraftClass'],
          message: 'Each service type and aircraft class has one price',
        });
      seen.add(key);
    });
  });

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = (label: string) =>
  z.string({ error: `${label} is required` }).regex(TIME, `${label} must be a time like 08:00`);
const date = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date like 2026-12-14`)
    .refine(isRealDate, `${label} is not a real date`);

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz.includes('/') || tz === 'UTC';
  } catch {
    return false;
  }
}

export const AvailabilitySchema = z.object(
  {
    timeZone: z
      .string({ error: 'Time zone is required' })
      .refine(isTimeZone, 'Time zone must be an IANA name like America/Denver'),
    weekly: z
      .array(
        z
          .object({
            day: z
              .number({ error: 'Day must be 0 (Sunday) to 6 (Saturday)' })
              .int('Day must be 0 (Sunday) to 6 (Saturday)')
              .min(0, 'Day must be 0 (Sunday) to 6 (Saturday)')
              .max(6, 'Day must be 0 (Sunday) to 6 (Saturday)'),
            start: time('Start'),
            end: time('End'),
          })
          .refine((d) => d.end > d.start, { path: ['end'], message: 'End must be after start' }),
        { error: 'Weekly hours must be a list' },
      )
      .max(7, 'One entry per day of the week')
      .refine((days) => new Set(days.map((d) => d.day)).size === days.length, 'One entry per day of the week'),
    timeOff: z
      .array(
        z
          .object({ from: date('From'), to: date('To') })
          .refine((t) => t.to >= t.from, { path: ['to'], message: 'To must be on or after From' }),
        {
          error: 'Time off must be a list',
        },
      )
      .max(BOOKING.maxTimeOff, `At most ${BOOKING.maxTimeOff} periods of time off`),
    maxConcurrentJobs: z
      .number({ error: 'Maximum jobs at once must be a whole number' })
      .int('Maximum jobs at once must be a whole number')
      .min(1, 'Maximum jobs at once must be at least 1')
      .max(BOOKING.maxConcurrentJobs, `Maximum jobs at once must be at most ${BOOKING.maxConcurrentJobs}`),
    /** Hours before the start until which the owner may cancel or reschedule at no cost. */
    freeCancelHours: z
      .number({ error: 'Free cancellation must be a whole number of hours' })
      .int()
      .min(0)
      .max(720)
      .optional(),
  },
  { error: 'Availability must be an object' },
);
export type AvailabilityData = z.output<typeof AvailabilitySchema>;

export interface Availability extends AvailabilityData {
  freeCancelHours: number;
  /** False until the mechanic saves it: offers list only mechanics who did. */
  saved: boolean;
  /** The secret address of the mechanic's calendar feed (ICS). */
  calendarUrl: string;
  /** The zone of the mechanic's base airport: the one the calendar is proposed in (docs/decisions/0447). */
  baseTimeZone: string;
}

/**
 * A form's schema that is the route's on the body the form sends: the route's problems are moved
 * to the form's own fields by `place` (null: already said by the form's own rule).
 */
function checkedAs<V>(
  schema: z.ZodType,
  body: (v: V) => unknown,
  place: (path: PropertyKey[], v: V) => PropertyKey[] | null,
  own?: (v: V) => Array<{ path: PropertyKey[]; message: string }>,
) {
  return z.custom<V>().superRefine((v, ctx) => {
    const said = own?.(v) ?? [];
    for (const { path, message } of said) ctx.addIssue({ code: 'custom', path, message });
    const parsed = schema.safeParse(body(v));
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      const path = place(issue.path, v);
      if (path && !said.some((s) => s.path.join('.') === path.join('.')))
        ctx.addIssue({ code: 'custom', path, message: issue.message });
    }
  });
}

/** One flat rate as the rates form holds it: the price in dollars and the days as typed. */
export interface RateRowValues {
  serviceType: string;
  aircraftClass: string;
  price: string;
  days: string;
  includes: string;
}

/** Dollars as typed ('$1,850.50'), in whole cents; NaN for text that is not an amount. */
export const dollarsToCents = (text: string) => Math.round(Number(text.replace(/[$,\s]/g, '')) * 100);

/** What the rates form sends: the route's body (`RatesSchema`). */
export const ratesBody = (rows: readonly RateRowValues[]) =>
  rows.map((r) => ({
    serviceType: r.serviceType,
    aircraftClass: r.aircraftClass,
    priceCents: dollarsToCents(r.price),
    days: Number(r.days),
    includes: r.includes,
  }));

export const RATE_PRICE_NEEDED = 'Each rate needs a price in dollars';

/**
 * The rates form: the route's `RatesSchema` on the body the form sends, its problems under the
 * row's own fields (a price that is no amount, in dollars: the form's only rule of its own).
 */
export const RatesFormSchema = checkedAs<{ rates: RateRowValues[] }>(
  RatesSchema,
  (v) => ratesBody(v.rates),
  (path) => (path[1] === 'priceCents' ? ['rates', path[0]!, 'price'] : ['rates', ...path]),
  (v) =>
    v.rates.flatMap((r, i) => {
      const cents = dollarsToCents(r.price);
      return Number.isFinite(cents) && cents > 0 ? [] : [{ path: ['rates', i, 'price'], message: RATE_PRICE_NEEDED }];
    }),
);

/** The calendar form: the week as seven days (a day off has no hours), the numbers as typed. */
export interface AvailabilityFormValues {
  timeZone: string;
  weekly: Array<{ day: number; start: string; end: string }>;
  timeOff: Array<{ from: string; to: string }>;
  maxConcurrentJobs: string;
  freeCancelHours: string;
}

/** What the calendar form sends: the days worked, the numbers as numbers (`AvailabilitySchema`). */
export const availabilityBody = (v: AvailabilityFormValues) => ({
  timeZone: v.timeZone,
  weekly: v.weekly.filter((w) => w.start && w.end),
  timeOff: v.timeOff,
  maxConcurrentJobs: Number(v.maxConcurrentJobs),
  freeCancelHours: Number(v.freeCancelHours),
});

/** The calendar form: the route's schema, a day's problem under that day of the seven. */
export const AvailabilityFormSchema = checkedAs<AvailabilityFormValues>(
  AvailabilitySchema,
  availabilityBody,
  (path, v) => {
    if (path[0] !== 'weekly' || typeof path[1] !== 'number') return path;
    const worked = v.weekly.flatMap((w, i) => (w.start && w.end ? [i] : []));
    return ['weekly', worked[path[1]] ?? path[1], ...path.slice(2)];
  },
);

export const OffersQuerySchema = z.object({
  aircraftId: z.string({ error: 'aircraftId is required' }).min(1, 'aircraftId is required'),
  serviceType: enumOf(MARKETPLACE_SERVICE_TYPES, 'Service type'),
  from: date('From').optional(),
  /** Paged like every list (docs/decisions/0201): the next page's cursor is in X-Next-Cursor. */
  cursor: z.string().optional(),
  limit: z.string().optional(),
});

export const HoldSchema = z.object({
  mechanicId: z.string({ error: 'mechanicId is required' }).min(1, 'mechanicId is required'),
  aircraftId: z.string({ error: 'aircraftId is required' }).min(1, 'aircraftId is required'),
  serviceType: enumOf(MARKETPLACE_SERVICE_TYPES, 'Service type'),
  start: date('Start'),
  /**
   * The due items the owner books for (from the due list). Omitted: the aircraft's items the
   * service is for (its annual for an annual). Each must be one the flat rate does (BOOKED_ITEM_KINDS).
   */
  itemIds: z
    .array(z.string({ error: 'Each due item id must be text' }).refine(isUuid, 'Due item not found on this aircraft'), {
      error: 'itemIds must be a list',
    })
    .max(10, 'At most 10 due items')
    .optional(),
});
export type HoldData = z.output<typeof HoldSchema>;

export interface Rate extends RateData {
  aircraftClassLabel: string;
}

export interface BookingOffer {
  mechanicId: string;
  name: string;
  businessName: string | null;
  /** The mechanic's average rating; null before their first one. */
  rating: number | null;
  /** How many ratings `rating` averages. */
  ratingCount: number;
  completedJobs: number;
  distanceMiles: number;
  priceCents: number;
  includes: string | null;
  days: number;
  aircraftClass: AircraftClass;
  openStarts: string[];
  freeCancelHours: number;
  squawks: string;
  /** Paid through Skyward (the mechanic's payouts are set up): confirming saves the owner's card (docs/decisions/0230). */
  payable: boolean;
}

export interface BookingHold {
  id: string;
  expiresAt: string;
  mechanicId: string;
  aircraftId: string;
  serviceType: MarketplaceServiceType;
  start: string;
  /** Every day the work takes on site, in the mechanic's time zone. */
  days: string[];
  priceCents: number;
  /** When the work starts, as an instant (the mechanic's start of day in their time zone). */
  startsAt: string;
  timeZone: string;
  /** 'Dec 8, 2026 at 8:00 AM PST (local time at KRHV)': the start on the aircraft's airport clock, labelled. */
  startsAtAirport: string;
  freeCancelHours: number;
}

/**
 * The due items a flat-rate service does, by kind: a booking links only these to its request, and
 * its one flat-rate line names the item, so signing the job completes exactly what was booked
 * (docs/decisions/0160 and 0241). Other work on the due list is a quote request, or change-order
 * lines during the job.
 */
export const BOOKED_ITEM_KINDS: Readonly<Record<MarketplaceServiceType, readonly ItemKind[]>> = {
  annual_inspection: ['annual'],
  hundred_hour: ['100_hour'],
  prepurchase: [],
  engine_repair: [],
  emergency_repair: [],
  avionics_install: [],
  scheduled_maintenance: [],
};

/** Reminders before a booked start, in hours (docs/decisions/0241). */
export const BOOKING_REMINDER_HOURS = [72, 24] as const;

export const RescheduleSchema = z.object({ start: date('Start') });

/** What a booked appointment carries (the shape lives with the appointment answer in marketplace.ts). */
export type BookingTerms = AppointmentBooking;

/** Said before the owner confirms, and beside the booking afterwards. */
export function windowText(freeCancelHours: number): string {
  return freeCancelHours > 0
    ? `Free to cancel or reschedule until ${freeCancelHours} hours before the start.`
    : 'Cancelling is not free once confirmed.';
}

/** The refusal once the window closed: the owner asks the mechanic instead. */
export function windowClosedText(freeCancelHours: number, mechanicName: string): string {
  return freeCancelHours > 0
    ? `This booking can no longer be changed here: the free window closed ${freeCancelHours} hours before the start. Message ${mechanicName} to ask for a change.`
    : `This booking was confirmed without free cancellation. Message ${mechanicName} to ask for a change.`;
}
