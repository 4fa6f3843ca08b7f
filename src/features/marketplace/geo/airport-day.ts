import { timeZoneOfLabel, zoneName } from '../../../contract/appointment-schedule.ts';
import { resolveLocation } from './resolve.ts';
import { todayIn } from '../../../contract/zoned-time.ts';

/**
 * The local day at an aircraft's airport: the one rule that dates its records (14 CFR 43.9 dates
 * an entry on the day of the work, where the work was done). A zone is found from the airport's
 * state; the airports of the shipped dataset that keep another zone than most of their state are
 * named here (docs/decisions/0360-records-dated-at-the-airport.md).
 */
const OTHER_ZONE_THAN_THEIR_STATE: Record<string, string> = {
  KELP: 'America/Denver', // El Paso, TX
  KPNS: 'America/Chicago', // Pensacola, FL
  KVPS: 'America/Chicago', // Valparaiso, FL
  KECP: 'America/Chicago', // Panama City, FL
  KCOE: 'America/Los_Angeles', // Coeur d'Alene, ID
  KLWS: 'America/Los_Angeles', // Lewiston, ID
  KONO: 'America/Boise', // Ontario, OR
  KPAH: 'America/Chicago', // Paducah, KY
  KBWG: 'America/Chicago', // Bowling Green, KY
  KOWB: 'America/Chicago', // Owensboro, KY
  KTYS: 'America/New_York', // Knoxville, TN
  KTRI: 'America/New_York', // Bristol/Johnson City, TN
  KCHA: 'America/New_York', // Chattanooga, TN
  KGYY: 'America/Chicago', // Gary, IN
  KEVV: 'America/Chicago', // Evansville, IN
  KVPZ: 'America/Chicago', // Valparaiso, IN
  KDIK: 'America/Denver', // Dickinson, ND
  KRAP: 'America/Denver', // Rapid City, SD
  KBFF: 'America/Denver', // Scottsbluff, NE
  KSNY: 'America/Denver', // Sidney, NE
  KGLD: 'America/Denver', // Goodland, KS
};

/** The IANA zone of a place as people type it: 'KRHV', 'KRHV (San Jose, CA)', 'San Jose, CA'. */
export function zoneOfPlace(place: string | null | undefined): string {
  const resolved = resolveLocation(place);
  const code = resolved?.kind === 'airport' ? resolved.label.split(' ')[0]! : '';
  return OTHER_ZONE_THAN_THEIR_STATE[code] ?? timeZoneOfLabel(resolved?.label ?? place);
}

/** The aircraft's place: its home airport, else where its request said it was. */
export function aircraftZone(homeAirport: string | null | undefined, requestPlace?: string | null): string {
  return zoneOfPlace(resolveLocation(homeAirport) ? homeAirport : (requestPlace ?? homeAirport));
}

/** Today at the aircraft's home airport: the owner's day for its due list and its readings. */
export function aircraftToday(aircraft: { homeAirport: string | null }, now: Date = new Date()): string {
  return dayInZone(aircraftZone(aircraft.homeAirport), now);
}

/** The day ('YYYY-MM-DD') an instant falls on in a zone. */
export function dayInZone(timeZone: string, instant: Date | string = new Date()): string {
  return todayIn(timeZone, typeof instant === 'string' ? new Date(instant) : instant);
}

/** The local day at this airport (or place) of an instant; today when none is given. */
export function localDayAt(place: string | null | undefined, instant: Date | string = new Date()): string {
  return dayInZone(zoneOfPlace(place), instant);
}

/** "Nov 27, 2026 at 5:39 PM PST": a time named in its zone, for emails, PDFs and calendar text. */
export function timeInZone(timeZone: string, instant: Date | string): string {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  const day = at.toLocaleDateString('en-US', { timeZone, year: 'numeric', month: 'short', day: 'numeric' });
  const clock = at.toLocaleTimeString('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
  return `${day} at ${clock} ${zoneName(timeZone, dayInZone(timeZone, at))}`;
}
