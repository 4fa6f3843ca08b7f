import { timeZoneOfLabel } from '../../../contract/appointment-schedule.ts';
import { todayIn } from '../schedule/zoned-time.ts';
import { resolveLocation } from './resolve.ts';

/**
 * The calendar day at an aircraft's airport: a record's date is the local day where the aircraft
 * is, not the server's or UTC's. An airport or place not known falls back to the default zone.
 */
export function dayAtAirport(airport: string | null | undefined, at: Date): string {
  return todayIn(timeZoneOfLabel(resolveLocation(airport)?.label ?? airport), at);
}

/** Today at the airport (see `dayAtAirport`). */
export function todayAtAirport(airport: string | null | undefined, now = new Date()): string {
  return dayAtAirport(airport, now);
}
