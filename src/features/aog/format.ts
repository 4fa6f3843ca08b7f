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

/** "14:30" typed on the phone: that time today where the phone is, or tomorrow when it has passed. */
export function nextOccurrence(time: string, now = new Date()): string | null {
  const m = /^(\d{2}):(\d{2})$/.exec(time);
  if (!m) return null;
  const at = new Date(now);
  at.setHours(Number(m[1]), Number(m[2]), 0, 0);
  if (at.getTime() < now.getTime() - 60_000) at.setDate(at.getDate() + 1);
  return at.toISOString();
}
