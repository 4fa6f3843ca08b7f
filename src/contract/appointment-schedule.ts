import { z } from './zod.ts';
import { isRealDate, optionalText } from './fields.ts';

/**
 * The appointment's date and time, agreed by its two parties: the mechanic
 * proposes times (from the accepted quote's start date), the owner picks one or counters with
 * times of their own, and either reschedules an agreed time with a reason. Times are wall-clock
 * times at the service location, in its time zone. docs/decisions/0171-appointment-times-and-calendar.md
 */

export type ScheduleState = 'unconfirmed' | 'proposed' | 'agreed';
export type ProposalStatus = 'open' | 'accepted' | 'countered';

export const SCHEDULE = {
  maxTimes: 5,
  reason: 500,
  whereabouts: 500,
} as const;

export interface ProposedTime {
  date: string;
  time: string;
}

const TimeSchema = z.object(
  {
    date: z
      .string({ error: 'Each time needs a date (YYYY-MM-DD)' })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD')
      .refine(isRealDate, 'Not a real date'),
    time: z
      .string({ error: 'Each time needs a time of day (HH:MM)' })
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Times are written HH:MM, 24-hour'),
  },
  { error: 'Each time must be an object with a date and a time' },
);

export const ProposalSchema = z.object({
  times: z
    .array(TimeSchema, { error: 'times must be a list' })
    .min(1, 'Propose at least one time')
    .max(SCHEDULE.maxTimes, `Propose at most ${SCHEDULE.maxTimes} times`)
    .refine(
      (ts) => new Set(ts.map((t) => `${t.date} ${t.time}`)).size === ts.length,
      'The same time is proposed twice',
    ),
  reason: optionalText('Reason', SCHEDULE.reason),
});
export type ProposalData = z.output<typeof ProposalSchema>;

/** Moving an agreed time: the same proposal, with its reason (the server refuses one without, in these words). */
export const RESCHEDULE_REASON_MESSAGE = 'Give a reason for rescheduling';
export const RescheduleSchema = ProposalSchema.refine((v) => v.reason !== null, {
  path: ['reason'],
  message: RESCHEDULE_REASON_MESSAGE,
});

export const AcceptProposalSchema = z.object({
  time: TimeSchema,
});

export const WhereaboutsSchema = z.object({
  aircraftWhereabouts: optionalText('Where the aircraft is', SCHEDULE.whereabouts),
});

export interface Proposal {
  id: string;
  proposerRole: 'owner' | 'mechanic';
  proposedByName: string;
  times: ProposedTime[];
  reason: string | null;
  /** It moves a time already agreed (a reschedule), rather than proposing a first one. */
  reschedule: boolean;
  status: ProposalStatus;
  chosen: ProposedTime | null;
  createdAt: string;
  decidedAt: string | null;
}

export interface ScheduleView {
  state: ScheduleState;
  /** IANA time zone of the service location; every date and time of the appointment is in it. */
  timeZone: string;
  /** The proposal waiting for an answer, if any. */
  open: Proposal | null;
  /** Every proposal, newest first (at most the last 20). */
  history: Proposal[];
}

export interface PartyContact {
  name: string;
  email: string;
  phone: string | null;
}

export interface AppointmentParties {
  owner: PartyContact;
  mechanic: PartyContact & { businessName: string | null };
  aircraft: {
    tailNumber: string;
    /** The airport or place the request named. */
    location: string;
    /** Hangar, FBO, tie-down: said by the owner. */
    whereabouts: string | null;
  };
}

/**
 * The time zone of a US place by its state: the zone most of the state keeps (a handful of
 * counties in split states differ; the zone is always printed next to the time).
 */
const ZONES: Record<string, string> = {
  AL: 'America/Chicago',
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  ID: 'America/Boise',
  IL: 'America/Chicago',
  IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  KY: 'America/New_York',
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/Detroit',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  NE: 'America/Chicago',
  NV: 'America/Los_Angeles',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  ND: 'America/Chicago',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  UT: 'America/Denver',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
};
export const DEFAULT_TIME_ZONE = 'America/Chicago';

/** The zone of a resolved location label ('KPAO (Palo Alto, CA)', 'Helena, MT'). */
export function timeZoneOfLabel(label: string | null | undefined): string {
  const state = label?.match(/,\s*([A-Z]{2})\)?\s*$/)?.[1];
  return (state && ZONES[state]) || DEFAULT_TIME_ZONE;
}

/** 'Pacific Time' style name of a zone for people, e.g. 'PST' or 'PDT' on that date. */
export function zoneName(timeZone: string, date: string): string {
  const at = new Date(`${date}T12:00:00Z`);
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/**
 * What an email carrying the appointment's calendar file says of it: only an email that carries
 * the file says so (docs/decisions/0165); the file's UID is the appointment's, so opening a later
 * one moves the event.
 */
export const CALENDAR_FILE_ATTACHED =
  'The calendar file is attached: open it to add the job to your calendar, or to move it there.';

/** A time at the aircraft's airport, said as such for a reader who may be in another zone. */
export const atAirport = (time: string, airport: string) => `${time} (local time at ${airport})`;
