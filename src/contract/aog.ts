import { z } from './zod.ts';
import type { Option } from './options.ts';
import { enumOf, optionalText, phoneSchema, requiredText } from './fields.ts';
import { registrationProblem } from './registration.ts';

/**
 * Aircraft on ground (docs/decisions/0250-aog-dispatch.md): an owner stuck away from home reports
 * the aircraft, the nearest available mechanics are asked at once and answer with an arrival time
 * and a call-out fee, the owner accepts one, and the mechanic's status follows live. One schema
 * per payload, shared by the report screen and the functions.
 */
export const AOG = {
  /** The dispatch radius at the report, then after each escalation (every 10 minutes, 3 steps). */
  radiusStepsMiles: [25, 50, 100, 200] as const,
  escalateEveryMinutes: 10,
  /** Mechanics asked at one step at most, nearest first (bounded fan-out, as matching: ADR 0200). */
  notifyPerStep: 25,
  /** How often the owner's live screen and the mechanic's job ask for news (polling, ADR 0220). */
  livePollMs: 3000,
  /** How often a mechanic's list of open calls is read again. */
  openPollMs: 15_000,
  /** Open calls a mechanic's list shows at most (nearest first). */
  openListLimit: 50,
  /** An owner's and a mechanic's own calls, newest first, per page. */
  mineLimit: 20,
  /** The console's list of open calls, oldest first, per page. */
  adminLimit: 50,
  /** Mechanics the console proposes for phone dispatch, nearest first, within the widest radius. */
  adminCandidates: 5,
  /** An arrival can be promised at most this far ahead. */
  maxArrivalHours: 72,
  /** An arrival time a few seconds in the past is a clock's drift, not a promise broken. */
  pastToleranceSeconds: 60,
  /** When an administrator assigns without an arrival time: the mechanic is asked to be there within this. */
  assignDefaultArrivalMinutes: 120,
  maxCalloutFeeCents: 1_000_000,
  maxSymptoms: 12,
  maxDocuments: 5,
  text: {
    location: 200,
    description: 2000,
    note: 500,
    gateCode: 40,
    contact: 120,
    part: 200,
    tail: 20,
    make: 60,
    model: 60,
    airport: 10,
  },
} as const;

/** The widest radius an AOG reaches (after its last escalation). */
export const AOG_WIDEST_RADIUS = AOG.radiusStepsMiles[AOG.radiusStepsMiles.length - 1]!;
export const AOG_MAX_STEP = AOG.radiusStepsMiles.length - 1;

/**
 * What the owner is told when the search reached its widest radius and no mechanic answered: in
 * their call's screen and by notification (with its email), not only in the console.
 */
export const AOG_UNANSWERED = {
  title: 'No mechanic has answered yet',
  message: (tail: string, callbackPhone: string) =>
    `No mechanic within ${AOG_WIDEST_RADIUS} mi has answered the call for ${tail} yet. Our team is phoning mechanics for you and will call you at ${callbackPhone}. Offers that come in still show in your aircraft-on-ground call.`,
} as const;

/**
 * Symptoms by system, each with the checks an owner can do before calling anyone out. A check
 * list that ends "solved" costs nobody a trip (the triage of the report screen).
 */
export const AOG_SYMPTOMS = [
  {
    value: 'engine_no_start',
    label: 'Engine will not start',
    system: 'Engine',
    checks: [
      'Battery master ON and the starter engages',
      'Fuel selector on a tank with fuel (not OFF)',
      'Mixture rich, throttle cracked, primed per the POH',
      'Magnetos on BOTH before starting',
    ],
  },
  {
    value: 'engine_rough',
    label: 'Rough running or big mag drop',
    system: 'Engine',
    checks: [
      'Lean aggressively and run up at 1,700 rpm for a minute to clear fouled plugs, then check the mags again',
      'Carburetor heat ON for a minute to rule out ice',
      'Fuel selector on the fullest tank',
    ],
  },
  {
    value: 'oil',
    label: 'Oil leak or low oil pressure',
    system: 'Engine',
    checks: ['Dipstick seated and the oil filler cap tight', 'Oil quantity within the POH range'],
  },
  {
    value: 'electrical',
    label: 'No electrical power / dead battery',
    system: 'Electrical',
    checks: [
      'Battery master ON',
      'Every circuit breaker pushed in (reset a popped one once only)',
      'Avionics master ON',
      'Ask the FBO for a ground power cart if your POH allows it',
    ],
  },
  {
    value: 'charging',
    label: 'Alternator or low-voltage light',
    system: 'Electrical',
    checks: ['Alternator (ALT) half of the master switch ON', 'Alternator field breaker pushed in'],
  },
  {
    value: 'avionics',
    label: 'Radio, transponder or GPS failure',
    system: 'Avionics',
    checks: [
      'Avionics master ON',
      'Breakers of the radio or GPS pushed in',
      'Headset plugs fully seated; volume and squelch up',
    ],
  },
  {
    value: 'tire_brake',
    label: 'Flat tire or brake problem',
    system: 'Landing gear',
    checks: ['Parking brake released'],
  },
  {
    value: 'landing_gear',
    label: 'Landing gear or hydraulics',
    system: 'Landing gear',
    checks: ['Gear and hydraulic pump breakers pushed in'],
  },
  { value: 'fuel_leak', label: 'Fuel leak', system: 'Fuel', checks: [] },
  {
    value: 'controls',
    label: 'Flight controls or trim',
    system: 'Airframe',
    checks: ['Control lock and gust locks removed', 'Trim breaker pushed in'],
  },
  { value: 'damage', label: 'Damage (hail, bird, hangar rash, ground)', system: 'Airframe', checks: [] },
  { value: 'other', label: 'Something else', system: 'Other', checks: [] },
] as const satisfies ReadonlyArray<Option & { system: string; checks: readonly string[] }>;
export type AogSymptom = (typeof AOG_SYMPTOMS)[number]['value'];

/** Where on the field, offered as one tap each; the owner may type anything else. */
export const AOG_FIELD_PLACES = ['FBO ramp', 'Transient ramp', 'Hangar', 'Tie-down', 'Runway or taxiway'] as const;

/** Every state of a call: open until a mechanic is chosen, then what the mechanic reports. */
export const AOG_STATUSES = [
  { value: 'open', label: 'Looking for a mechanic' },
  { value: 'accepted', label: 'Mechanic assigned' },
  { value: 'en_route', label: 'En route' },
  { value: 'on_site', label: 'On site' },
  { value: 'diagnosing', label: 'Diagnosing' },
  { value: 'parts_needed', label: 'Parts needed' },
  { value: 'fixed', label: 'Fixed' },
  { value: 'ferry_permit_needed', label: 'Needs a ferry permit' },
  { value: 'cancelled', label: 'Cancelled' },
] as const satisfies readonly Option[];
export type AogStatus = (typeof AOG_STATUSES)[number]['value'];

/** What the chosen mechanic reports (POST /api/aog/:id/status). */
export const AOG_JOB_STATUSES = AOG_STATUSES.filter(
  (s) => !['open', 'accepted', 'cancelled'].includes(s.value),
) as unknown as ReadonlyArray<
  Option<'en_route' | 'on_site' | 'diagnosing' | 'parts_needed' | 'fixed' | 'ferry_permit_needed'>
>;
export type AogJobStatus = 'en_route' | 'on_site' | 'diagnosing' | 'parts_needed' | 'fixed' | 'ferry_permit_needed';

/** A mechanic busy with a call here cannot be dispatched to another one at the same time. */
export const AOG_BUSY_STATUSES: readonly AogStatus[] = ['accepted', 'en_route', 'on_site', 'diagnosing'];

export const aogStatusLabel = (s: AogStatus) => AOG_STATUSES.find((o) => o.value === s)?.label ?? s;
export const aogSymptomLabel = (s: string) => AOG_SYMPTOMS.find((o) => o.value === s)?.label ?? s;

// --- Payloads ----------------------------------------------------------------------------------

const upper = (label: string, max: number) => optionalText(label, max).transform((v) => (v ? v.toUpperCase() : null));

/** An ISO 8601 instant with its offset ('2026-11-25T14:30:00-07:00' or '...Z'). */
const instant = (label: string) =>
  z
    .string({ error: `${label} must be a date and time` })
    .refine(
      (v) =>
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) &&
        !Number.isNaN(Date.parse(v)),
      `${label} must be a date and time with its time zone, like 2026-11-25T14:30:00-07:00`,
    );

const feeCents = z
  .number({ error: 'Call-out fee must be a whole number of cents' })
  .int('Call-out fee must be a whole number of cents')
  .min(0, 'Call-out fee cannot be below zero')
  .max(AOG.maxCalloutFeeCents, `Call-out fee must be at most ${AOG.maxCalloutFeeCents} cents`);

export const AogAccessSchema = z
  .object(
    {
      escortRequired: z.boolean({ error: 'Escort needed must be true or false' }).default(false),
      gateCode: optionalText('Gate code', AOG.text.gateCode),
      afterHoursContact: optionalText('After-hours contact', AOG.text.contact),
    },
    { error: 'Access must be an object' },
  )
  .default({ escortRequired: false, gateCode: null, afterHoursContact: null });
export type AogAccess = z.output<typeof AogAccessSchema>;

export const AogReportSchema = z
  .object({
    aircraftId: z.uuid('Aircraft must be one of your aircraft').nullish(),
    aircraftTailNumber: upper('Tail number', AOG.text.tail),
    aircraftMake: optionalText('Make', AOG.text.make),
    aircraftModel: optionalText('Model', AOG.text.model),
    airport: requiredText('Airport', AOG.text.airport).transform((v) => v.toUpperCase()),
    locationOnField: requiredText('Where on the field', AOG.text.location),
    symptoms: z
      .array(enumOf(AOG_SYMPTOMS, 'Symptom'), { error: 'Symptoms must be a list' })
      .min(1, 'Choose at least one symptom')
      .max(AOG.maxSymptoms, `Choose at most ${AOG.maxSymptoms} symptoms`)
      .transform((list) => [...new Set(list)]),
    description: optionalText('Description', AOG.text.description),
    documentIds: z
      .array(z.uuid('Photos must be your documents'), { error: 'Photos must be a list' })
      .max(AOG.maxDocuments, `Attach at most ${AOG.maxDocuments} photos`)
      .default([]),
    access: AogAccessSchema,
    canFlyOut: z.boolean({ error: 'Can it fly out must be true or false' }),
    callbackPhone: phoneSchema('Callback phone'),
  })
  .superRefine((v, ctx) => {
    if (v.aircraftId) return;
    if (!v.aircraftTailNumber || !v.aircraftMake || !v.aircraftModel) {
      ctx.addIssue({
        code: 'custom',
        path: ['aircraftTailNumber'],
        message: 'Choose one of your aircraft, or type its tail number, make and model',
      });
      return;
    }
    const problem = registrationProblem(v.aircraftTailNumber);
    if (problem) ctx.addIssue({ code: 'custom', path: ['aircraftTailNumber'], message: problem });
  });
export type AogReportData = z.output<typeof AogReportSchema>;

export const AogOfferSchema = z.object({
  arriveBy: instant('Arrival time'),
  calloutFeeCents: feeCents,
  note: optionalText('Note', AOG.text.note),
});
export type AogOfferData = z.output<typeof AogOfferSchema>;

export const AogStatusSchema = z
  .object({
    status: enumOf(AOG_JOB_STATUSES, 'Status'),
    arriveBy: instant('Arrival time').optional(),
    note: optionalText('Note', AOG.text.note),
    part: optionalText('Part', AOG.text.part),
    partEta: instant('Part ETA').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'parts_needed' && !v.part && !v.note)
      ctx.addIssue({ code: 'custom', path: ['part'], message: 'Say which part is needed' });
  });
export type AogStatusData = z.output<typeof AogStatusSchema>;

export const AogAssignSchema = z.object({
  mechanicId: z.uuid('Mechanic must be a mechanic’s id'),
  arriveBy: instant('Arrival time').optional(),
  calloutFeeCents: feeCents.optional(),
});
export type AogAssignData = z.output<typeof AogAssignSchema>;

/** The console's assign form as typed: both the time and the fee are said, so the owner is never told a default. */
export interface AogAssignFormValues {
  mechanicId: string;
  /** "14:30": that time today where the administrator is, or tomorrow when it has passed. */
  time: string;
  /** Dollars; 0 for no call-out fee. */
  fee: string;
}

export const AogAssignFormSchema = z.object({
  mechanicId: z.string().min(1, 'Choose the mechanic you reached'),
  time: z.string().regex(/^\d{2}:\d{2}$/, 'Enter when the mechanic will be on site'),
  fee: z
    .string()
    .trim()
    .min(1, 'Enter the call-out fee you agreed (0 for none)')
    .refine((v) => /^\$?\d{1,5}(\.\d{1,2})?$/.test(v.replace(/,/g, '')), 'Enter the fee in dollars, like 150 or 150.00')
    .refine(
      (v) => Math.round(Number(v.replace(/[$,]/g, '')) * 100) <= AOG.maxCalloutFeeCents,
      `Call-out fee must be at most $${AOG.maxCalloutFeeCents / 100}`,
    ),
});

/** The typed fee in cents (the form's schema has checked it). */
export const feeCentsOfTyped = (fee: string): number => Math.round(Number(fee.trim().replace(/[$,]/g, '')) * 100);

export const AogAvailabilitySchema = z.object({ available: z.boolean({ error: 'Available must be true or false' }) });

export const AogAirportsQuerySchema = z.object({
  lat: z.coerce
    .number({ error: 'lat must be a number' })
    .min(-90, 'lat must be between -90 and 90')
    .max(90, 'lat must be between -90 and 90')
    .optional(),
  lon: z.coerce
    .number({ error: 'lon must be a number' })
    .min(-180, 'lon must be between -180 and 180')
    .max(180, 'lon must be between -180 and 180')
    .optional(),
  q: z.string().trim().max(40, 'q must be at most 40 characters').optional(),
});

/** Keyset paging by creation time: `before` for newest-first lists, `after` for the console's oldest-first one. */
export const AogPageQuerySchema = z.object({
  before: z.iso.datetime({ offset: true, error: 'before must be a date and time' }).optional(),
  after: z.iso.datetime({ offset: true, error: 'after must be a date and time' }).optional(),
});

// --- Answers -----------------------------------------------------------------------------------

export interface AogAirport {
  code: string;
  label: string;
  /** Whole miles from the phone's position, when it was given. */
  distanceMiles: number | null;
}

export interface AogMechanicCard {
  id: string;
  name: string;
  businessName: string | null;
}

export interface AogOffer {
  id: string;
  mechanic: AogMechanicCard;
  arriveBy: string;
  calloutFeeCents: number;
  distanceMiles: number;
  /** The mechanic's average rating; null before their first one. */
  rating: number | null;
  /** How many ratings `rating` averages. */
  ratingCount: number;
  completedJobs: number;
  note: string | null;
  status: AogOfferStatus;
}

/** A mechanic's offer on a call: open until the owner (or an administrator) picks one; the others are declined. */
export const AOG_OFFER_STATUSES = ['open', 'accepted', 'declined'] as const;
export type AogOfferStatus = (typeof AOG_OFFER_STATUSES)[number];

export interface AogTimelineEntry {
  at: string;
  status: AogStatus;
  note: string | null;
}

export interface AogView {
  id: string;
  status: AogStatus;
  aircraft: { id: string | null; tailNumber: string; make: string; model: string };
  airport: string;
  airportLabel: string;
  locationOnField: string;
  symptoms: AogSymptom[];
  description: string | null;
  documentIds: string[];
  access: AogAccess;
  canFlyOut: boolean;
  callbackPhone: string;
  radiusMiles: number;
  step: number;
  notified: number;
  createdAt: string;
  /** The arrival the chosen mechanic last promised. */
  arriveBy: string | null;
  mechanic: AogMechanicCard | null;
  offers: AogOffer[];
  timeline: AogTimelineEntry[];
  appointmentId: string | null;
}

export interface AogCreated {
  id: string;
  status: 'open';
  radiusMiles: number;
  notified: number;
}

/** A call as a mechanic in its area sees it before being chosen: no phone, no gate code. */
export interface AogOpenCall {
  id: string;
  status: AogStatus;
  aircraft: { tailNumber: string; make: string; model: string };
  airport: string;
  airportLabel: string;
  locationOnField: string;
  symptoms: AogSymptom[];
  description: string | null;
  canFlyOut: boolean;
  escortRequired: boolean;
  distanceMiles: number;
  createdAt: string;
  offers: number;
  myOffer: { id: string; arriveBy: string; calloutFeeCents: number; note: string | null } | null;
}

/** An owner's or mechanic's own call in a list. */
export interface AogSummary {
  id: string;
  status: AogStatus;
  aircraftTailNumber: string;
  airport: string;
  airportLabel: string;
  createdAt: string;
  arriveBy: string | null;
  mechanicName: string | null;
  offers: number;
  role: 'owner' | 'mechanic';
}

export interface AogAdminCandidate {
  id: string;
  name: string;
  phone: string | null;
  distanceMiles: number;
  serviceRadius: number;
  available: boolean;
  busy: boolean;
}

export interface AogAdminItem {
  id: string;
  status: AogStatus;
  createdAt: string;
  ageMinutes: number;
  step: number;
  radiusMiles: number;
  notified: number;
  offers: number;
  owner: { name: string; callbackPhone: string };
  aircraftTailNumber: string;
  airport: string;
  airportLabel: string;
  symptoms: AogSymptom[];
  candidates: AogAdminCandidate[];
}

export interface AogAvailability {
  available: boolean;
  /** Texts need a phone on the account and an active Twilio key; the screen says so. */
  hasPhone: boolean;
}
