import { CONVERSATIONS } from '../../contract/conversations.ts';

/** The hour (0-23) at `now` in `timeZone`; an unknown zone counts as the default one. */
export function localHour(now: Date, timeZone: string | null): number {
  const format = (zone: string) =>
    Number(new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(now));
  try {
    return format(timeZone ?? CONVERSATIONS.defaultTimeZone);
  } catch {
    return format(CONVERSATIONS.defaultTimeZone);
  }
}

/** 21:00 to 07:00 in the reader's zone: no digest then (it goes out at 07:00). */
export function inQuietHours(now: Date, timeZone: string | null): boolean {
  const hour = localHour(now, timeZone);
  return hour >= CONVERSATIONS.quietFromHour || hour < CONVERSATIONS.quietUntilHour;
}
