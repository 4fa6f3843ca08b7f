import { sql } from 'kysely';
import { MARKETPLACE_SERVICE_TYPES } from '../../contract/marketplace.ts';
import { labelOf } from '../../contract/options.ts';
import type { Db } from '../../server/db/client.ts';
import { notFound } from '../../server/http/errors.ts';
import { dateOnly } from '../marketplace/mappers.server.ts';
import { daysOf } from '../marketplace/booking-terms.server.ts';
import { addDays, hoursOn } from './calendar.ts';
import { zonedToUtc } from '../marketplace/schedule/zoned-time.ts';
import { calendar, type CalendarEvent } from './ics.ts';

/** How much of the past a feed keeps, and how many jobs at most: a phone polls it for years. */
const FEED_PAST_DAYS = 60;
const FEED_MAX_EVENTS = 500;

/**
 * A mechanic's calendar feed, found by its secret token (404 for anything else, no hint): every
 * job booked or accepted through a bid that is not cancelled, from two months back, each from the
 * start of work on its first day to the end of work on its last (in the mechanic's time zone).
 */
export async function calendarFeed(db: Db, token: string, now = new Date()): Promise<string> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) throw notFound('Calendar not found');
  const availability = await db
    .selectFrom('mechanicAvailability')
    .selectAll()
    .where('calendarToken', '=', token)
    .executeTakeFirst();
  if (!availability) throw notFound('Calendar not found');
  const schedule = {
    timeZone: availability.timeZone,
    weekly: availability.weekly,
    timeOff: availability.timeOff,
    maxConcurrentJobs: availability.maxConcurrentJobs,
  };
  const rows = await db
    .selectFrom('appointments as a')
    .innerJoin('serviceRequests as r', 'r.id', 'a.serviceRequestId')
    .innerJoin('bids as b', 'b.id', 'a.bidId')
    .innerJoin('users as c', 'c.id', 'a.customerId')
    .leftJoin('bookingHolds as h', 'h.appointmentId', 'a.id')
    .select([
      'a.id',
      'a.status',
      'a.scheduledDate',
      'a.scheduledTime',
      'a.estimatedDuration',
      'a.serviceLocation',
      'a.updatedAt',
      'r.serviceType',
      'r.aircraftTailNumber',
      'r.aircraftMake',
      'r.aircraftModel',
      'r.serviceLocationLabel',
      'b.estimatedCompletionDate',
      'c.firstName',
      'c.lastName',
      'h.days',
    ])
    .where('a.mechanicId', '=', availability.mechanicId)
    .where('a.status', '!=', 'cancelled')
    .where('a.scheduledDate', '>=', sql<Date>`${addDays(now.toISOString().slice(0, 10), -FEED_PAST_DAYS)}::date`)
    .orderBy('a.scheduledDate')
    .limit(FEED_MAX_EVENTS)
    .execute();
  const events = rows.map((row): CalendarEvent => {
    const first = dateOnly(row.scheduledDate);
    const last = row.days
      ? (daysOf(row.days).at(-1) ?? first)
      : dateOnly(row.estimatedCompletionDate) < first
        ? first
        : dateOnly(row.estimatedCompletionDate);
    const start = zonedToUtc(first, row.scheduledTime.slice(0, 5), schedule.timeZone);
    const endHours = hoursOn(schedule, last)?.end;
    const end =
      endHours && last !== first
        ? zonedToUtc(last, endHours, schedule.timeZone)
        : new Date(start.getTime() + Math.max(1, Number(row.estimatedDuration)) * 3_600_000);
    return {
      uid: `${row.id}@appointments.skyward`,
      start,
      end: end > start ? end : new Date(start.getTime() + 3_600_000),
      summary: `${labelOf(MARKETPLACE_SERVICE_TYPES, row.serviceType)}: ${row.aircraftTailNumber}`,
      description: `${row.aircraftMake} ${row.aircraftModel} for ${row.firstName} ${row.lastName}. Status: ${row.status.replace('_', ' ')}.`,
      location: row.serviceLocationLabel || row.serviceLocation,
      status: row.status === 'scheduled' ? 'TENTATIVE' : 'CONFIRMED',
      updatedAt: row.updatedAt,
    };
  });
  return calendar('Skyward jobs', events, now);
}
