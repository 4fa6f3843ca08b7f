import { BOOKING } from '../../contract/booking.ts';
import type { Appointment } from '../../contract/appointments.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db, Tx } from '../../server/db/client.ts';
import { badRequest } from '../../server/http/errors.ts';
import { formatDay } from '../../lib/format.ts';
import { recordThreadEvent } from '../conversations/events.server.ts';
import { getAppointment } from '../marketplace/appointments.server.ts';
import { assertChangeable, daysOf, listDays, lockedBooking } from '../marketplace/booking-terms.server.ts';
import { fullName } from '../../server/db/full-name.ts';
import { notify } from '../marketplace/notifications.server.ts';
import { zonedToUtc } from '../../contract/zoned-time.ts';
import { appointmentIcsAttachment } from '../marketplace/schedule/calendar-file.server.ts';
import { timeInZone, zoneOfPlace } from '../marketplace/geo/airport-day.ts';
import { CALENDAR_FILE_ATTACHED, atAirport } from '../../contract/appointment-schedule.ts';
import { busyDays } from './busy-days.server.ts';
import { daysTaken, earliestStart, startDays } from './starts.server.ts';
import { scheduleOf } from './availability.server.ts';
import { serviceLabel } from './labels.ts';
import { addDays, fits, hoursOn, openStarts } from './calendar.ts';

/**
 * The owner moves a booking once confirmed (docs/decisions/0241): to another open start of the
 * same mechanic, at no cost until the window agreed at booking closes (`freeCancelHours` before the
 * start; the terms and the check are the core's, marketplace/booking-terms.server.ts, which the
 * request's cancel uses too). After that the owner is told to ask the mechanic.
 */

/** The days each day holds without this booking: what a reschedule may move into. */
async function busyWithout(
  trx: Tx,
  mechanicId: string,
  ownDays: readonly string[],
  from: string,
  to: string,
  now: Date,
) {
  const busy = (await busyDays(trx, [mechanicId], from, to, now)).get(mechanicId) ?? new Map<string, number>();
  for (const d of ownDays) if (busy.has(d)) busy.set(d, Math.max(0, busy.get(d)! - 1));
  return busy;
}

/** GET /api/booking/appointments/:id/open-starts: where the owner may move the booking now. */
export async function rescheduleOptions(
  db: Db,
  owner: UserRow,
  appointmentId: string,
  now = new Date(),
): Promise<{ openStarts: string[]; freeUntil: string }> {
  return db.transaction().execute(async (trx) => {
    const { a, hold, availability } = await lockedBooking(trx, owner, appointmentId);
    const terms = await assertChangeable(trx, a, hold, availability, now);
    const schedule = scheduleOf(availability);
    const earliest = earliestStart(schedule.timeZone, now);
    const own = daysOf(hold.days);
    const busy = await busyWithout(
      trx,
      a.mechanicId,
      own,
      addDays(earliest, -1),
      addDays(earliest, BOOKING.horizonDays + BOOKING.maxDays * 2),
      now,
    );
    const starts = openStarts(
      schedule,
      earliest,
      own.length,
      busy,
      BOOKING.openStartsShown * 2,
      BOOKING.horizonDays,
    ).filter((d) => d !== terms.start);
    return { openStarts: starts, freeUntil: terms.freeUntil };
  });
}

/** POST /api/booking/appointments/:id/reschedule: the booking moves to another open start of the same mechanic. */
export async function rescheduleBooking(
  db: Db,
  owner: UserRow,
  appointmentId: string,
  start: string,
  now = new Date(),
): Promise<Appointment> {
  await db.transaction().execute(async (trx) => {
    const { a, hold, availability } = await lockedBooking(trx, owner, appointmentId);
    const before = await assertChangeable(trx, a, hold, availability, now);
    if (start === before.start) {
      const message = `The booking already starts on ${formatDay(start)}`;
      throw badRequest(message, [{ path: 'start', message }]);
    }
    const schedule = scheduleOf(availability);
    const own = daysOf(hold.days);
    const days = startDays(schedule, start, own.length, now);
    const earliest = earliestStart(schedule.timeZone, now);
    const busy = await busyWithout(
      trx,
      a.mechanicId,
      own,
      addDays(earliest, -1),
      addDays(earliest, BOOKING.horizonDays + BOOKING.maxDays * 2),
      now,
    );
    if (!fits(schedule, days, busy))
      throw daysTaken(openStarts(schedule, start, own.length, busy, 3, BOOKING.horizonDays));
    const time = hoursOn(schedule, start)?.start ?? a.scheduledTime.slice(0, 5);
    await trx
      .updateTable('bookingHolds')
      .set((eb) => ({ startDate: start, days, rescheduledAt: now, reschedules: eb('reschedules', '+', 1) }))
      .where('id', '=', hold.id)
      .execute();
    await trx
      .updateTable('appointments')
      .set({ scheduledDate: start, scheduledTime: time, updatedAt: now })
      .where('id', '=', a.id)
      .execute();
    await trx
      .updateTable('bids')
      .set({ availableStartDate: start, estimatedCompletionDate: days.at(-1) ?? start, updatedAt: now })
      .where('id', '=', a.bidId)
      .execute();
    await trx
      .updateTable('serviceRequests')
      .set({ preferredStartDate: start, updatedAt: now })
      .where('id', '=', a.serviceRequestId)
      .execute();
    const request = await trx
      .selectFrom('serviceRequests')
      .select(['serviceType', 'aircraftTailNumber', 'serviceLocation', 'serviceLocationLabel'])
      .where('id', '=', a.serviceRequestId)
      .executeTakeFirstOrThrow();
    const what = `the ${serviceLabel(request.serviceType)} on ${request.aircraftTailNumber}`;
    // The new start at the aircraft's airport, its zone named; both emails carry the moved file
    // (the same UID, its SEQUENCE one higher: read here, after the move).
    const when = atAirport(
      timeInZone(
        zoneOfPlace(request.serviceLocationLabel ?? request.serviceLocation),
        zonedToUtc(start, time, schedule.timeZone),
      ),
      request.serviceLocation,
    );
    const calendarFile = await appointmentIcsAttachment(trx, a.id);
    const moved = `from ${listDays(own)} to ${listDays(days)}`;
    await notify(trx, [a.mechanicId], {
      type: 'booking.rescheduled',
      title: 'Booking rescheduled',
      message: `${fullName(owner)} moved ${what} ${moved}: it now starts ${when}. The days before are free again. ${CALENDAR_FILE_ATTACHED}`,
      link: 'appointments',
      itemId: a.id,
      attachments: [calendarFile],
    });
    await notify(trx, [a.customerId], {
      type: 'booking.rescheduled',
      title: 'Booking rescheduled',
      message: `You moved ${what} ${moved}: it now starts ${when}. ${CALENDAR_FILE_ATTACHED}`,
      link: 'appointments',
      itemId: a.id,
      attachments: [calendarFile],
    });
    await recordThreadEvent(
      trx,
      { serviceRequestId: a.serviceRequestId, mechanicId: a.mechanicId },
      'booking_rescheduled',
      moved,
    );
  });
  return getAppointment(db, appointmentId);
}
