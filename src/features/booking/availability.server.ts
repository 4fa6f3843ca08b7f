import { randomBytes } from 'node:crypto';
import { type Availability, type AvailabilityData } from '../../contract/booking.ts';
import type { Db } from '../../server/db/client.ts';
import { zoneOfPlace } from '../marketplace/geo/airport-day.ts';
import { type Schedule } from './calendar.ts';

// A mechanic's bookable calendar: working hours, time off, how many jobs at once, and the feed
// address; the schedule every open start and hold is computed from.

export type AvailabilityRow = {
  mechanicId: string;
  timeZone: string;
  weekly: Array<{ day: number; start: string; end: string }>;
  timeOff: Array<{ from: string; to: string }>;
  maxConcurrentJobs: number;
  freeCancelHours: number;
  calendarToken: string;
};

const calendarPath = (token: string) => `/api/calendar/${token}.ics`;

function toAvailability(row: AvailabilityRow, saved: boolean, baseTimeZone: string): Availability {
  return {
    timeZone: row.timeZone,
    weekly: [...row.weekly].sort((a, b) => a.day - b.day),
    timeOff: [...row.timeOff].sort((a, b) => a.from.localeCompare(b.from)),
    maxConcurrentJobs: row.maxConcurrentJobs,
    freeCancelHours: row.freeCancelHours,
    saved,
    calendarUrl: calendarPath(row.calendarToken),
    baseTimeZone,
  };
}

/**
 * The mechanic's availability. Until they save one, a proposal from their profile (working days
 * and hours) with a feed address already reserved, marked `saved: false`: they are not bookable yet.
 */
export async function getAvailability(db: Db, mechanicId: string): Promise<Availability> {
  const [row, profile] = await Promise.all([
    db.selectFrom('mechanicAvailability').selectAll().where('mechanicId', '=', mechanicId).executeTakeFirst(),
    db
      .selectFrom('mechanicProfiles')
      .select(['availableWeekdays', 'preferredHoursStart', 'preferredHoursEnd', 'baseLocation', 'baseLocationLabel'])
      .where('userId', '=', mechanicId)
      .executeTakeFirst(),
  ]);
  // The base airport's zone (a mechanic at KRHV works on Pacific time), by the rule records use:
  // the zone proposed until one is saved, and said beside a saved one that differs.
  const baseTimeZone = zoneOfPlace(profile?.baseLocationLabel || profile?.baseLocation);
  if (row) return toAvailability(row, true, baseTimeZone);
  const start = (profile?.preferredHoursStart ?? '08:00').slice(0, 5);
  const end = (profile?.preferredHoursEnd ?? '17:00').slice(0, 5);
  const days = profile?.availableWeekdays ?? [1, 2, 3, 4, 5];
  // The token is made when first saved; an unsaved feed has nothing in it yet.
  return toAvailability(
    {
      mechanicId,
      timeZone: baseTimeZone,
      weekly: days.map((day) => ({ day, start, end })),
      timeOff: [],
      maxConcurrentJobs: 1,
      freeCancelHours: 72,
      calendarToken: 'not-yet-saved',
    },
    false,
    baseTimeZone,
  );
}

export async function saveAvailability(db: Db, mechanicId: string, data: AvailabilityData): Promise<Availability> {
  const values = {
    timeZone: data.timeZone,
    weekly: JSON.stringify(data.weekly),
    timeOff: JSON.stringify(data.timeOff),
    maxConcurrentJobs: data.maxConcurrentJobs,
    freeCancelHours: data.freeCancelHours ?? 72,
    updatedAt: new Date(),
  };
  await db
    .insertInto('mechanicAvailability')
    .values({ mechanicId, calendarToken: randomBytes(24).toString('base64url'), ...values })
    .onConflict((oc) => oc.column('mechanicId').doUpdateSet(values))
    .execute();
  return getAvailability(db, mechanicId);
}

export const scheduleOf = (row: AvailabilityRow): Schedule => ({
  timeZone: row.timeZone,
  weekly: row.weekly,
  timeOff: row.timeOff,
  maxConcurrentJobs: row.maxConcurrentJobs,
});
