import { sql } from 'kysely';
import { MARKETPLACE_SERVICE_TYPES } from '../../contract/marketplace.ts';
import { labelOf } from '../../contract/options.ts';
import type { Db } from '../../server/db/client.ts';
import { notFound } from '../../server/http/errors.ts';
import { dateOnly } from '../marketplace/mappers.server.ts';
import { daysOf } from '../marketplace/booking-terms.server.ts';
import { addDays } from './calendar.ts';
import { zoneOfPlace } from '../marketplace/geo/airport-day.ts';
import { dayEndOf, jobSpan, lastDayOf } from '../marketplace/schedule/job-span.ts';
import { appointmentUid } from '../marketplace/schedule/ics.ts';
import { calendar, type CalendarEvent } from './ics.ts';

/** How much of the past a feed keeps, and how many jobs at most: a phone polls it for years. */
const FEED_PAST_DAYS = 60;
const FEED_MAX_EVENTS = 500;

/**
 * A mechanic's calendar feed, found by its secret token (404 for anything else, no hint): every
 * job booked or accepted through a bid that is not cancelled, from two months back, each from the
 * start of work on its first day to the end of work on its last: the same event, UID and SEQUENCE
 * as the appointment's own file (job-span.ts, docs/decisions/0447), so a mechanic who has both
 * sees one job moved, never two.
 */
export async function calendarFeed(db: Db, token: string, now = new Date()): Promise<string> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) throw notFound('Calendar not found');
  const availability = await db
    .selectFrom('mechanicAvailability')
    .selectAll()
    .where('calendarToken', '=', token)
    .executeTakeFirst();
  if (!availability) throw notFound('Calendar not found');
  const profile = await db
    .selectFrom('mechanicProfiles')
    .select('preferredHoursEnd')
    .where('userId', '=', availability.mechanicId)
    .executeTakeFirst();
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
      'r.serviceLocation as requestLocation',
      'b.availableStartDate',
      'b.estimatedCompletionDate',
      'c.firstName',
      'c.lastName',
      'h.days',
      'h.reschedules',
      (eb) =>
        eb
          .selectFrom('appointmentProposals as p')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('p.appointmentId', '=', 'a.id')
          .where('p.status', '=', 'accepted')
          .as('agreedMoves'),
    ])
    .where('a.mechanicId', '=', availability.mechanicId)
    .where('a.status', '!=', 'cancelled')
    .where('a.scheduledDate', '>=', sql<Date>`${addDays(now.toISOString().slice(0, 10), -FEED_PAST_DAYS)}::date`)
    .orderBy('a.scheduledDate')
    .limit(FEED_MAX_EVENTS)
    .execute();
  const events = rows.map((row): CalendarEvent => {
    const first = dateOnly(row.scheduledDate);
    const lastDay = lastDayOf({
      scheduledDate: first,
      bookingDays: row.days ? daysOf(row.days) : null,
      quotedStart: dateOnly(row.availableStartDate),
      quotedEnd: dateOnly(row.estimatedCompletionDate),
    });
    // A booking's time is on the mechanic's clock it was booked on; any other on the place of work's.
    const timeZone = row.days ? availability.timeZone : zoneOfPlace(row.serviceLocationLabel ?? row.requestLocation);
    const { start, end } = jobSpan({
      date: first,
      time: row.scheduledTime,
      timeZone,
      hours: Number(row.estimatedDuration),
      lastDay,
      lastDayEnd: dayEndOf(lastDay, availability.weekly, profile?.preferredHoursEnd),
    });
    return {
      uid: appointmentUid(row.id),
      sequence: Number(row.agreedMoves ?? 0) + (row.reschedules ?? 0),
      start,
      end,
      summary: `${labelOf(MARKETPLACE_SERVICE_TYPES, row.serviceType)}: ${row.aircraftTailNumber}`,
      description: `${row.aircraftMake} ${row.aircraftModel} for ${row.firstName} ${row.lastName}. Status: ${row.status.replace('_', ' ')}.`,
      location: row.serviceLocationLabel || row.serviceLocation,
      status: row.status === 'scheduled' ? 'TENTATIVE' : 'CONFIRMED',
      updatedAt: row.updatedAt,
    };
  });
  return calendar('Skyward jobs', events, now);
}
