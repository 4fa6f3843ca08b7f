import { sql } from 'kysely';
import { BOOKING_REMINDER_HOURS } from '../../contract/booking.ts';
import type { Db } from '../../server/db/client.ts';
import { fullName } from '../../server/db/full-name.ts';
import { dateOnly } from '../marketplace/mappers.server.ts';
import { notify } from '../marketplace/notifications.server.ts';
import { zonedToUtc } from '../../contract/zoned-time.ts';
import { timeInZone, zoneOfPlace } from '../marketplace/geo/airport-day.ts';
import { atAirport } from '../../contract/appointment-schedule.ts';
import { addDays } from './calendar.ts';
import { serviceLabel } from './labels.ts';

const HOUR_MS = 3_600_000;

/**
 * Reminders to both parties 72 and 24 hours before a booked start (docs/decisions/0241), by the
 * notification path: a notice in the dashboard and the same by email through the outbox. Each is
 * claimed by inserting its row (appointment, hours before, the start it announces) first, so two
 * runs at once send it once. A reminder whose moment came before the booking was made or moved is
 * skipped (the owner has just seen the date), and the 72-hour one is not sent once inside 24 hours.
 * Cancelled, started and finished appointments get none.
 */
export async function sendBookingReminders(db: Db, now = new Date()): Promise<{ sent: number }> {
  const today = now.toISOString().slice(0, 10);
  // Starts in the next four days (time zones reach a day either side of UTC's date).
  const rows = await db
    .selectFrom('bookingHolds as h')
    .innerJoin('appointments as a', 'a.id', 'h.appointmentId')
    .innerJoin('mechanicAvailability as av', 'av.mechanicId', 'h.mechanicId')
    .innerJoin('serviceRequests as r', 'r.id', 'a.serviceRequestId')
    .innerJoin('users as o', 'o.id', 'a.customerId')
    .innerJoin('users as m', 'm.id', 'a.mechanicId')
    .select([
      'a.id',
      'a.customerId',
      'a.mechanicId',
      'a.scheduledDate',
      'a.scheduledTime',
      'a.serviceLocation',
      'h.confirmedAt',
      'h.rescheduledAt',
      'av.timeZone',
      'r.serviceType',
      'r.aircraftTailNumber',
      'o.firstName as ownerFirst',
      'o.lastName as ownerLast',
      'm.firstName as mechanicFirst',
      'm.lastName as mechanicLast',
    ])
    .where('a.status', 'in', ['scheduled', 'confirmed'])
    .where('a.scheduledDate', '>=', sql<Date>`${addDays(today, -1)}::date`)
    .where('a.scheduledDate', '<=', sql<Date>`${addDays(today, 4)}::date`)
    .execute();
  let sent = 0;
  for (const row of rows) {
    const date = dateOnly(row.scheduledDate);
    const time = row.scheduledTime.slice(0, 5);
    const startsAt = zonedToUtc(date, time, row.timeZone);
    const setAt = row.rescheduledAt ?? row.confirmedAt ?? new Date(0);
    for (const hours of BOOKING_REMINDER_HOURS) {
      const at = startsAt.getTime() - hours * HOUR_MS;
      const nextAt = Math.max(
        ...BOOKING_REMINDER_HOURS.filter((h) => h < hours).map((h) => startsAt.getTime() - h * HOUR_MS),
        startsAt.getTime(),
      );
      if (now.getTime() < at || now.getTime() >= nextAt || at < setAt.getTime()) continue;
      await db.transaction().execute(async (trx) => {
        const claimed = await trx
          .insertInto('bookingReminders')
          .values({ appointmentId: row.id, hoursBefore: hours, startsAt })
          .onConflict((oc) => oc.doNothing())
          .returning('appointmentId')
          .executeTakeFirst();
        if (!claimed) return;
        // The start at the aircraft's airport, labelled: the mechanic's calendar may keep another zone.
        const when = atAirport(timeInZone(zoneOfPlace(row.serviceLocation), startsAt), row.serviceLocation);
        const what = `${serviceLabel(row.serviceType)} on ${row.aircraftTailNumber}`;
        const title = `Reminder: ${serviceLabel(row.serviceType)} ${hours === 24 ? 'tomorrow' : 'in 3 days'}`;
        await notify(trx, [row.customerId], {
          type: 'booking.reminder',
          title,
          message: `${fullName({ firstName: row.mechanicFirst, lastName: row.mechanicLast })} starts the ${what}, ${when}.`,
          link: 'appointments',
          itemId: row.id,
          validWhile: { rule: 'booking_upcoming', aboutId: row.id },
        });
        await notify(trx, [row.mechanicId], {
          type: 'booking.reminder',
          title,
          message: `The ${what} for ${fullName({ firstName: row.ownerFirst, lastName: row.ownerLast })} starts ${when}.`,
          link: 'appointments',
          itemId: row.id,
          validWhile: { rule: 'booking_upcoming', aboutId: row.id },
        });
        sent += 1;
      });
    }
  }
  return { sent };
}
