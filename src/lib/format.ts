/** en-US formatting used across the product (spec: currency USD, formatted for en-US). */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatCurrency(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? usd.format(n) : '—';
}

/**
 * One `Intl.DateTimeFormat` per locale and options, made once: `toLocaleDateString` with options
 * builds a new one on every call, a fraction of a millisecond each, which a list of cards paid on
 * every render (tens of milliseconds for the owner's Service Requests). Same text either way.
 */
const formats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

const DAY_OPTIONS: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };

export function formatDate(
  value: string | Date | null | undefined,
  options: Intl.DateTimeFormatOptions = DAY_OPTIONS,
): string {
  if (!value) return '—';
  const d = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? '—' : dateFormat('en-US', options).format(d);
}

/** A calendar date ('YYYY-MM-DD') for people ('Dec 10, 2026'), without a time-zone shift. */
export function formatDay(date: string | null | undefined): string {
  if (!date) return '—';
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return '—';
  return dateFormat('en-US', DAY_OPTIONS).format(new Date(y, m - 1, d));
}

export function formatDateTime(value: string | Date | null | undefined): string {
  return formatDate(value, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** 'annual_inspection' -> 'Annual Inspection' (spec: codes shown in title case). */
export function titleCase(code: string): string {
  return code
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

const shortZone = (at: Date, timeZone?: string) =>
  dateFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value ?? '';

/**
 * A moment as it was at a place (the aircraft's airport): 'Nov 27, 2026, 5:39 PM', and the zone
 * ('PST') when it is not the reader's own, so a record's time reads the same day as its date.
 */
export function formatDateTimeAt(value: string | Date | null | undefined, timeZone: string): string {
  if (!value) return '—';
  const at = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(at.getTime())) return '—';
  const text = dateFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);
  const place = shortZone(at, timeZone);
  return place === shortZone(at) ? text : `${text} ${place}`;
}

/** The day ('YYYY-MM-DD') a moment falls on in a zone: a record's local day at its airport. */
export function dayAt(value: string | Date, timeZone: string): string {
  const at = typeof value === 'string' ? new Date(value) : value;
  return dateFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}
