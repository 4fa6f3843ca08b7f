import type { AvailabilityData } from '../../contract/booking.ts';

/**
 * The calendar arithmetic of instant booking, pure so it is unit-tested: days are 'YYYY-MM-DD'
 * strings in the mechanic's time zone. Instants (the start of work, an ICS event) come from the
 * appointments' own zoned-time helpers (`zonedToUtc`, `todayIn`), DST included.
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

/** The first `count` start days from `from` (inclusive) within `horizonDays` whose job days all fit. */
export function openStarts(
  schedule: Schedule,
  from: string,
  daysNeeded: number,
  busy: ReadonlyMap<string, number>,
  count: number,
  horizonDays: number,
): string[] {
  const found: string[] = [];
  for (let i = 0; i < horizonDays && found.length < count; i += 1) {
    const start = addDays(from, i);
    const days = jobDays(schedule, start, daysNeeded);
    if (days && fits(schedule, days, busy)) found.push(start);
  }
  return found;
}
