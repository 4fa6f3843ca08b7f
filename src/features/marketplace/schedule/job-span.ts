import { zoneName } from '../../../contract/appointment-schedule.ts';
import { zonedToUtc } from '../../../contract/zoned-time.ts';

/**
 * The time a job takes in a calendar: one event from the start of work on its first day to the
 * end of work on its last (docs/decisions/0447-a-job-is-one-event-over-its-days.md). The
 * appointment's file and the mechanic's feed both build their event here, so they agree. Pure:
 * unit-tested beside it.
 */

/** A day's work when nothing longer is known: a one-day job blocks at most this in a calendar. */
export const MAX_DAY_HOURS = 8;
/** The end of a working day when the mechanic has not said theirs. */
export const DEFAULT_DAY_END = '17:00';

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const plusDays = (day: string, n: number) => new Date((dayNumber(day) + n) * DAY_MS).toISOString().slice(0, 10);

/**
 * The last day on site: a booking's last working day; else the quote's span (its start to its
 * estimated completion) laid from the appointment's day, so an agreed move carries the whole job.
 */
export function lastDayOf(a: {
  scheduledDate: string;
  bookingDays?: readonly string[] | null | undefined;
  quotedStart?: string | null | undefined;
  quotedEnd?: string | null | undefined;
}): string {
  const booked = a.bookingDays?.at(-1);
  if (booked) return booked;
  if (a.quotedStart && a.quotedEnd && a.quotedEnd > a.quotedStart)
    return plusDays(a.scheduledDate, dayNumber(a.quotedEnd) - dayNumber(a.quotedStart));
  return a.scheduledDate;
}

/** When work ends on `day` ('HH:MM'): the mechanic's weekly hours for its weekday, else their preferred end. */
export function dayEndOf(
  day: string,
  weekly: ReadonlyArray<{ day: number; end: string }> | null | undefined,
  preferredEnd: string | null | undefined,
): string | null {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return (weekly?.find((w) => w.day === weekday)?.end ?? preferredEnd ?? null)?.slice(0, 5) ?? null;
}

export interface SpanInput {
  /** The first day and the time work starts, on the clock of `timeZone`. */
  date: string;
  time: string;
  timeZone: string;
  /** The hours of work estimated. */
  hours: number;
  lastDay: string;
  /** When work ends on the last day, if the mechanic's hours say. */
  lastDayEnd: string | null;
}

/** The instants an event covers: the first morning to the last evening, or one day's hours. */
export function jobSpan(s: SpanInput): { start: Date; end: Date } {
  const start = zonedToUtc(s.date, s.time.slice(0, 5), s.timeZone);
  if (s.lastDay > s.date) {
    const end = zonedToUtc(s.lastDay, s.lastDayEnd ?? DEFAULT_DAY_END, s.timeZone);
    if (end > start) return { start, end };
  }
  const hours = Math.min(Math.max(0.5, s.hours), MAX_DAY_HOURS);
  return { start, end: new Date(start.getTime() + hours * 3_600_000) };
}

const dayText = (day: string, year: boolean) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(year ? { year: 'numeric' } : {}),
  });
const clockText = (instant: Date, timeZone: string) =>
  instant.toLocaleTimeString('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });

/**
 * "On site Mon, Dec 9 to Wed, Dec 11, 2030, from 8:00 AM PST on the first day to 5:00 PM PST on
 * the last": what the event's description says of its span, in the zone of the place of work.
 */
export function spanText(s: SpanInput): string {
  const { start, end } = jobSpan(s);
  const zone = zoneName(s.timeZone, s.date);
  if (s.lastDay <= s.date)
    return `On site ${dayText(s.date, true)}, ${clockText(start, s.timeZone)} to ${clockText(end, s.timeZone)} ${zone}.`;
  const sameYear = s.date.slice(0, 4) === s.lastDay.slice(0, 4);
  return `On site ${dayText(s.date, !sameYear)} to ${dayText(s.lastDay, true)}, from ${clockText(start, s.timeZone)} ${zone} on the first day to ${clockText(end, s.timeZone)} ${zoneName(s.timeZone, s.lastDay)} on the last.`;
}
