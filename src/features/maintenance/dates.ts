/**
 * Calendar arithmetic on 'YYYY-MM-DD' dates, in UTC so the answer never depends on the server's
 * time zone. Pure: no I/O, no clock (today is always passed in).
 */

const DAY_MS = 86_400_000;

function parts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return [y, m, d];
}

const pad = (n: number) => String(n).padStart(2, '0');

function format(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${pad(m)}-${pad(d)}`;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in month `m` (1-12) of year `y`. */
export function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** Year and month `months` after the month of `date` (months may be negative). */
function shiftMonth(date: string, months: number): [number, number, number] {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  return [Math.floor(index / 12), (index % 12) + 1, d];
}

/**
 * The last day of the calendar month `months` after the month of `date`: the "calendar months"
 * of 14 CFR 91.409(a), 91.411, 91.413 and 91.207(d). Done 2026-03-10, 12 months: 2027-03-31.
 */
export function endOfCalendarMonthsAfter(date: string, months: number): string {
  const [y, m] = shiftMonth(date, months);
  return format(y, m, daysInMonth(y, m));
}

/**
 * The same day `months` later, or the last day of that month when it has fewer days
 * (2024-02-29 + 12 months = 2025-02-28; 2026-01-31 + 1 month = 2026-02-28).
 */
export function addMonthsClamped(date: string, months: number): string {
  const [y, m, d] = shiftMonth(date, months);
  return format(y, m, Math.min(d, daysInMonth(y, m)));
}

export function toUtcMs(date: string): number {
  const [y, m, d] = parts(date);
  return Date.UTC(y, m - 1, d);
}

export function addDays(date: string, days: number): string {
  const t = new Date(toUtcMs(date) + days * DAY_MS);
  return format(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / DAY_MS);
}

export const earliestDate = (a: string | null, b: string | null): string | null =>
  a === null ? b : b === null ? a : a < b ? a : b;
