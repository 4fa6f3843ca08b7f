import { zoneName, type ProposedTime } from '../../../contract/appointment-schedule.ts';

// The instants of wall-clock times (`zonedToUtc`, `todayIn`) are in src/contract/zoned-time.ts.

/** 'Tue, Dec 1, 2026 at 8:00 AM PST': what emails and screens say of a proposed or agreed time. */
export function whenText(t: ProposedTime, timeZone: string): string {
  const [y, m, d] = t.date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d, 12)).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
  const [hh, mm] = t.time.split(':').map(Number) as [number, number];
  const clock = `${hh % 12 === 0 ? 12 : hh % 12}:${String(mm).padStart(2, '0')} ${hh < 12 ? 'AM' : 'PM'}`;
  return `${day} at ${clock} ${zoneName(timeZone, t.date)}`;
}
