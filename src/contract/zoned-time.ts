/**
 * Wall-clock times at a place, and the instants they are: the appointment keeps a date and a time
 * of day where the aircraft is, an API key's expiry is a day of the business's; calendars and
 * comparisons need the instant. Built on Intl's zone data only, so every layer can use it.
 */

/**
 * Formatters kept per time zone: building an Intl.DateTimeFormat costs a quarter of a millisecond,
 * using one a microsecond, and offers read today's date in each mechanic's zone (docs/decisions/0290).
 * A zone the runtime refuses throws here as it did before, and is not kept.
 */
const clockFormats = new Map<string, Intl.DateTimeFormat>();
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const FORMATS_KEPT = 1_000;
function formatter(
  kept: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  make: () => Intl.DateTimeFormat,
): Intl.DateTimeFormat {
  let format = kept.get(timeZone);
  if (!format) {
    format = make();
    // Zones are a few hundred names; the bound only keeps a stream of odd spellings from growing it.
    if (kept.size >= FORMATS_KEPT) kept.clear();
    kept.set(timeZone, format);
  }
  return format;
}

/** The offset of `timeZone` from UTC at `instant`, in minutes (e.g. -480 for PST). */
function offsetMinutes(timeZone: string, instant: Date): number {
  const parts = formatter(
    clockFormats,
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }),
  ).formatToParts(instant);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return Math.round((asUtc - instant.getTime()) / 60000);
}

/**
 * The instant of a wall-clock `date` `time` in `timeZone`. Two passes settle the offset across a
 * DST change; a time that does not exist (the spring-forward gap) lands one hour later, as clocks do.
 */
export function zonedToUtc(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  let instant = wall - offsetMinutes(timeZone, new Date(wall)) * 60000;
  instant = wall - offsetMinutes(timeZone, new Date(instant)) * 60000;
  return new Date(instant);
}

/** Today's date where `timeZone` is, 'YYYY-MM-DD'. */
export function todayIn(timeZone: string, now = new Date()): string {
  return formatter(
    dayFormats,
    timeZone,
    () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ).format(now);
}
