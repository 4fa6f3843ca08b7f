import type { AvailabilityData } from '../../contract/booking.ts';

/**
 * The calendar arithmetic of instant booking, pure so it is unit-tested: days are 'YYYY-MM-DD'
 * strings in the mechanic's time zone. Instants (the start of work, an ICS event) come from the
 * zoned-time helpers (`zonedToUtc`, `todayIn` in src/contract/zoned-time.ts), DST included.
 */

type Weekly = AvailabilityData['weekly'];
type TimeOff = AvailabilityData['timeOff'];
export interface Schedule {
  timeZone: string;
  weekly: Weekly;
  timeOff: TimeOff;
  maxConcurrentJobs: number;
}

const DAY_MS = 86_400_000;

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** 0 (Sunday) to 6 (Saturday) of a calendar day. */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

export function hoursOn(schedule: Schedule, day: string): { start: string; end: string } | null {
  const weekday = weekdayOf(day);
  const hours = schedule.weekly.find((w) => w.day === weekday);
  if (!hours) return null;
  if (schedule.timeOff.some((t) => day >= t.from && day <= t.to)) return null;
  return { start: hours.start, end: hours.end };
}

/**
 * The days a job of `days` working days occupies when it starts on `start`: working days only
 * (the weekly hours, without time off), so a three-day job started on a Friday of a Monday-Friday
 * mechanic runs Friday, Monday, Tuesday. Null when `start` itself is not a working day.
 */
export function jobDays(schedule: Schedule, start: string, days: number): string[] | null {
  if (!hoursOn(schedule, start)) return null;
  const out: string[] = [];
  // A schedule with one working day a week still finishes within 7 days per day of work.
  for (let day = start, guard = 0; out.length < days && guard < days * 7 + 60; day = addDays(day, 1), guard += 1) {
    if (hoursOn(schedule, day)) out.push(day);
  }
  return out.length === days ? out : null;
}

/** Whether every day has room for one more job, given the jobs already on each day. */
export function fits(schedule: Schedule, days: readonly string[], busy: ReadonlyMap<string, number>): boolean {
  return days.every((d) => (busy.get(d) ?? 0) < schedule.maxConcurrentJobs);
}

/** Days since 1970-01-01 of a 'YYYY-MM-DD' day: the hot loop below counts days, not strings. */
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
/** Days since 1970-01-01 to 'YYYY-MM-DD' by the civil calendar's arithmetic (no Date, no string to cut). */
function dayText(n: number): string {
  const z = n + 719_468; // days since 0000-03-01
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1_460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${String(y).padStart(4, '0')}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`;
}

/**
 * The first `count` start days from `from` (inclusive) within `horizonDays` whose job days all fit:
 * for each start, `jobDays` then `fits`, on day numbers instead of strings. Offers compute this for
 * every mechanic of a page, so days are counted, not parsed and printed (docs/decisions/0290); the
 * unit tests hold it to `jobDays` and `fits` day by day.
 */
export function openStarts(
  schedule: Schedule,
  from: string,
  daysNeeded: number,
  busy: ReadonlyMap<string, number>,
  count: number,
  horizonDays: number,
): string[] {
  const first = dayNumber(from);
  const weekdays = new Set(schedule.weekly.map((w) => w.day));
  const away = schedule.timeOff.map((t) => [dayNumber(t.from), dayNumber(t.to)] as const);
  // 1970-01-01 was a Thursday (4).
  const working = (n: number) => weekdays.has((((n + 4) % 7) + 7) % 7) && !away.some(([a, b]) => n >= a && n <= b);
  const full = new Set<number>();
  for (const [day, jobs] of busy) if (jobs >= schedule.maxConcurrentJobs) full.add(dayNumber(day));
  const noRoom = !(schedule.maxConcurrentJobs > 0); // fits() of a day with no job on it
  const found: string[] = [];
  const reach = daysNeeded * 7 + 60; // jobDays' guard: a job ends within this many calendar days
  for (let i = 0; i < horizonDays && found.length < count; i += 1) {
    const start = first + i;
    if (!working(start)) continue;
    let taken = 0;
    let fitsAll = true;
    for (let n = start; taken < daysNeeded && n < start + reach; n += 1) {
      if (!working(n)) continue;
      taken += 1;
      if (noRoom || full.has(n)) {
        fitsAll = false;
        break;
      }
    }
    if (fitsAll && taken === daysNeeded) found.push(dayText(start));
  }
  return found;
}
