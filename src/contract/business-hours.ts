/**
 * The business's week (the business_hours setting, src/contract/settings-catalog.ts): its shape and
 * how it is written for visitors and search engines. No zod here: the home page imports it.
 */
import { zonedToUtc } from './zoned-time.ts';

export const WEEKDAYS = [
  { value: 'mon', label: 'Monday', short: 'Mon', schema: 'Monday' },
  { value: 'tue', label: 'Tuesday', short: 'Tue', schema: 'Tuesday' },
  { value: 'wed', label: 'Wednesday', short: 'Wed', schema: 'Wednesday' },
  { value: 'thu', label: 'Thursday', short: 'Thu', schema: 'Thursday' },
  { value: 'fri', label: 'Friday', short: 'Fri', schema: 'Friday' },
  { value: 'sat', label: 'Saturday', short: 'Sat', schema: 'Saturday' },
  { value: 'sun', label: 'Sunday', short: 'Sun', schema: 'Sunday' },
] as const;
export type Weekday = (typeof WEEKDAYS)[number]['value'];

/** One day: open from `open` to `close` (24-hour clock, the business's own time zone), or closed (null). */
export type DayHours = { open: string; close: string } | null;
export type BusinessHours = Record<Weekday, DayHours>;

/** Where the business keeps its hours: San Francisco (docs/product.md §1). */
export const BUSINESS_TIME_ZONE = { iana: 'America/Los_Angeles', label: 'Pacific time' } as const;

/**
 * A moment as the business's calendar day, its zone named ("Dec 31, 2025, Pacific time"): a message
 * that gives the day of something the business did (a merge, a code's expiry) says whose day it is,
 * as UTC's is already tomorrow on a California evening.
 */
export const businessDay = (at: Date): string =>
  `${at.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: BUSINESS_TIME_ZONE.iana })}, ${BUSINESS_TIME_ZONE.label}`;

/**
 * The last second of the business's day `date` ('YYYY-MM-DD', a calendar day), in its own zone: a
 * validity typed as a day (an API key's "Expires On") lasts through that day in California, not
 * until 4 PM there, when UTC's day ends.
 */
export function endOfBusinessDay(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const nextDay = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return new Date(zonedToUtc(nextDay, '00:00', BUSINESS_TIME_ZONE.iana).getTime() - 1000);
}

const weekdayHours = { open: '07:00', close: '18:00' };
export const DEFAULT_BUSINESS_HOURS: BusinessHours = {
  mon: weekdayHours,
  tue: weekdayHours,
  wed: weekdayHours,
  thu: weekdayHours,
  fri: weekdayHours,
  sat: null,
  sun: null,
};

/** '07:00' -> '7:00 AM' (en-US, as the rest of the site writes times). */
export function formatTime(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const suffix = h < 12 ? 'AM' : 'PM';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${suffix}`;
}

/**
 * The week in lines a visitor reads, consecutive days with the same hours joined:
 * ['Mon-Fri: 7:00 AM-6:00 PM', 'Sat-Sun: Closed'].
 */
export function describeHours(hours: BusinessHours): string[] {
  const lines: string[] = [];
  let i = 0;
  while (i < WEEKDAYS.length) {
    const day = hours[WEEKDAYS[i]!.value];
    let j = i;
    while (j + 1 < WEEKDAYS.length && sameHours(hours[WEEKDAYS[j + 1]!.value], day)) j++;
    const days = i === j ? WEEKDAYS[i]!.short : `${WEEKDAYS[i]!.short}-${WEEKDAYS[j]!.short}`;
    lines.push(`${days}: ${day ? `${formatTime(day.open)}-${formatTime(day.close)}` : 'Closed'}`);
    i = j + 1;
  }
  return lines;
}

function sameHours(a: DayHours, b: DayHours): boolean {
  return a === b || (a !== null && b !== null && a.open === b.open && a.close === b.close);
}

/** schema.org OpeningHoursSpecification of the open days. */
export function openingHoursSpecification(hours: BusinessHours) {
  return WEEKDAYS.flatMap((d) => {
    const day = hours[d.value];
    return day
      ? [
          {
            '@type': 'OpeningHoursSpecification',
            dayOfWeek: `https://schema.org/${d.schema}`,
            opens: day.open,
            closes: day.close,
          },
        ]
      : [];
  });
}
