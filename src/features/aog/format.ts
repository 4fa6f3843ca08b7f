import { zoneName } from '../../contract/appointment-schedule.ts';
import { todayIn, zonedToUtc } from '../../contract/zoned-time.ts';
/**
 * How an AOG speaks of times and money, on screens and in messages alike: an arrival is a clock
 * time where the aircraft is ("2:30 PM MST"), a fee whole dollars when it has no cents.
 */
export function clockAt(instant: string | Date, timeZone: string): string {
  return new Date(instant).toLocaleTimeString('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}

/** "today 2:30 PM MST" or "Thu 9:00 AM MST" when it is another day where the aircraft is. */
export function arrivalText(instant: string | Date, timeZone: string, now = new Date()): string {
  const day = (d: Date) => d.toLocaleDateString('en-CA', { timeZone });
  const at = new Date(instant);
  const prefix = day(at) === day(now) ? 'today' : at.toLocaleDateString('en-US', { timeZone, weekday: 'short' });
  return `${prefix} ${clockAt(at, timeZone)}`;
}

export function feeText(cents: number): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);
}

/** "12 min" or "2 h 5 min" since a moment. */
export function ageText(fromIso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(fromIso)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/**
 * "14:30" typed for an aircraft on ground: that time today where the aircraft is (`timeZone`, the
 * zone every AOG time is said in), or tomorrow there when it has passed. Read in the typist's own
 * zone, a console in another state dispatched "11:45 PM" and the owner in Alaska was told 2:45 PM.
 */
export function nextOccurrence(time: string, timeZone: string, now = new Date()): string | null {
  if (!/^\d{2}:\d{2}$/.test(time)) return null;
  const today = todayIn(timeZone, now);
  let at = zonedToUtc(today, time, timeZone);
  if (at.getTime() < now.getTime() - 60_000) {
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    at = zonedToUtc(new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10), time, timeZone);
  }
  return at.toISOString();
}

/** The label of a time typed for the aircraft: "On site by (AKST, at the aircraft)". */
export function onSiteLabel(timeZone: string, now = new Date()): string {
  return `On site by (${zoneName(timeZone, todayIn(timeZone, now))}, at the aircraft)`;
}
