import { BOOKING, HOW_SQUAWKS_ARE_BILLED } from '../../contract/booking.ts';
import { isUuid } from '../../contract/ids.ts';
import { type MarketplaceServiceType } from '../../contract/marketplace.ts';
import type { Appointment } from '../../contract/appointments.ts';
import type { LineCategory } from '../../contract/line-items.ts';
import type { Db } from '../../server/db/client.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import { HttpError } from '../../server/http/errors.ts';
import { createJob } from '../jobs/create-job.server.ts';
import { getAppointment } from '../marketplace/appointments.server.ts';
import { resolveLocation } from '../marketplace/geo/resolve.ts';
import { appointmentIcsAttachment } from '../marketplace/schedule/calendar-file.server.ts';
import { CALENDAR_FILE_ATTACHED } from '../../contract/appointment-schedule.ts';
import { roundedMiles } from '../marketplace/distance.ts';
import { fullName } from '../../server/db/full-name.ts';
import { dateOnly } from '../marketplace/mappers.server.ts';
import { notify } from '../marketplace/notifications.server.ts';
import { hoursOn } from './calendar.ts';
import { zonedToUtc } from '../../contract/zoned-time.ts';
import { daysOf, listDays, uuidsOf } from '../marketplace/booking-terms.server.ts';
import { holdNotFound, startsAtAirport } from './holds.server.ts';
import { scheduleOf } from './availability.server.ts';
import { classLabel, serviceLabel } from './labels.ts';

// A hold confirmed becomes the same records a bid makes (request, accepted quote with one flat-rate
// line, confirmed appointment), through the one job writer, so the job runs on every existing
// screen and rule from there (docs/decisions/0240-instant-booking.md).

const CATEGORY_OF: Record<MarketplaceServiceType, LineCategory> = {
  annual_inspection: 'inspection',
  hundred_hour: 'inspection',
  prepurchase: 'inspection',
  engine_repair: 'airworthy',
  emergency_repair: 'airworthy',
  avionics_install: 'discretionary',
  scheduled_maintenance: 'discretionary',
};

/**
 * Confirms a live hold: 410 once it expired or was let go (its days may be someone else's now).
 * A second confirm of the same hold answers the same appointment (`created: false`).
 */
export async function confirmHold(
  db: Db,
  owner: UserRow,
  id: string,
  now = new Date(),
): Promise<{ appointment: Appointment; created: boolean }> {
  if (!isUuid(id)) throw holdNotFound();
  const result = await db.transaction().execute(async (trx) => {
    const hold = await trx.selectFrom('bookingHolds').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!hold || hold.ownerId !== owner.id) throw holdNotFound();
    if (hold.appointmentId) return { appointmentId: hold.appointmentId, created: false };
    if (hold.releasedAt) throw new HttpError(410, 'This hold was let go; pick a start day again');
    if (hold.expiresAt <= now)
      throw new HttpError(
        410,
        `This hold expired after ${BOOKING.holdMinutes} minutes and its days are free again; pick a start day again`,
      );

    const [aircraft, availability, profile] = await Promise.all([
      trx.selectFrom('aircraft').selectAll().where('id', '=', hold.aircraftId).executeTakeFirstOrThrow(),
      trx
        .selectFrom('mechanicAvailability')
        .selectAll()
        .where('mechanicId', '=', hold.mechanicId)
        .executeTakeFirstOrThrow(),
      trx
        .selectFrom('mechanicProfiles')
        .select(['baseLatitude', 'baseLongitude'])
        .where('userId', '=', hold.mechanicId)
        .executeTakeFirstOrThrow(),
    ]);
    const mechanic = await trx
      .selectFrom('users')
      .select(['mechanicStatus', 'firstName', 'lastName'])
      .where('id', '=', hold.mechanicId)
      .executeTakeFirst();
    if (mechanic?.mechanicStatus !== 'approved')
      throw new HttpError(410, 'This mechanic is no longer taking bookings; pick another');
    const place = resolveLocation(aircraft.homeAirport)!;
    const schedule = scheduleOf(availability);
    const days = daysOf(hold.days);
    const start = dateOnly(hold.startDate);
    const hours = days.reduce((sum, d) => {
      const h = hoursOn(schedule, d);
      if (!h) return sum;
      const [sh, sm] = h.start.split(':').map(Number) as [number, number];
      const [eh, em] = h.end.split(':').map(Number) as [number, number];
      return sum + (eh * 60 + em - sh * 60 - sm) / 60;
    }, 0);
    const hoursTenths = Math.max(1, Math.round(hours * 10));
    const priceCents = Number(hold.priceCents);
    const what = `${serviceLabel(hold.serviceType)} at a flat rate (${classLabel(hold.aircraftClass).toLowerCase()})`;

    // The due items it was booked for, checked against the aircraft (they ride on the request below).
    const itemIds = uuidsOf(hold.itemIds);
    const items =
      itemIds.length > 0
        ? await trx
            .selectFrom('maintenanceItems')
            .select('id')
            .where('id', 'in', itemIds)
            .where('aircraftId', '=', aircraft.id)
            .execute()
        : [];
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(priceCents / 100);
    const appointment = await createJob(trx, {
      mechanicId: hold.mechanicId,
      customerId: owner.id,
      request: {
        agreed: {
          aircraft: {
            id: aircraft.id,
            make: aircraft.make,
            model: aircraft.model,
            year: aircraft.year,
            tailNumber: aircraft.tailNumber,
            totalHours: aircraft.totalHours,
          },
          place: { ...place, code: aircraft.homeAirport ?? place.label },
          serviceType: hold.serviceType,
          description: `Booked: ${what}.${hold.includes ? ` Includes: ${hold.includes}` : ''}`,
          urgency: 'normal',
          startDate: start,
          priceCents,
        },
      },
      terms: {
        agreed: {
          distanceMiles: roundedMiles(place, { latitude: profile.baseLatitude, longitude: profile.baseLongitude }),
          priceCents,
          hoursTenths,
          firstDay: start,
          lastDay: days.at(-1) ?? start,
          notes: [hold.includes ? `Includes: ${hold.includes}` : null, HOW_SQUAWKS_ARE_BILLED]
            .filter(Boolean)
            .join('\n'),
          line: {
            category: CATEGORY_OF[hold.serviceType],
            description: `Flat rate: ${what}`,
            // Naming the one item booked makes the line answer exactly it (docs/decisions/0160).
            dueItemId: items.length === 1 ? items[0]!.id : null,
          },
        },
      },
      appointment: {
        scheduledDate: start,
        scheduledTime: hoursOn(schedule, start)?.start ?? '08:00',
        serviceLocation: aircraft.homeAirport ?? place.label,
        agreed: true,
      },
      thread: {
        event: 'booked',
        detail: `${usd}, on site ${listDays(days)}. The appointment is confirmed; phone numbers are on it`,
      },
      now,
    });
    // The due items it was booked for ride on the request, as a request from the due list does.
    if (items.length > 0) {
      await trx
        .insertInto('maintenanceRequestLinks')
        .values(
          items.map((i) => ({
            serviceRequestId: appointment.serviceRequestId,
            itemId: i.id,
            squawkId: null,
            completedAt: null,
          })),
        )
        .execute();
    }
    await trx
      .updateTable('bookingHolds')
      .set({ confirmedAt: now, appointmentId: appointment.appointmentId })
      .where('id', '=', hold.id)
      .execute();
    // Both parties are told the start at the aircraft's airport, its zone named, and get the
    // appointment's calendar file (the download's bytes, read here: the booking is written).
    const when = startsAtAirport(
      aircraft,
      zonedToUtc(start, hoursOn(schedule, start)?.start ?? '08:00', schedule.timeZone),
    );
    const calendarFile = await appointmentIcsAttachment(trx, appointment.appointmentId);
    await notify(trx, [hold.mechanicId], {
      type: 'booking.confirmed',
      title: 'New booking',
      message: `${fullName(owner)} booked ${what} on ${aircraft.tailNumber} for ${listDays(days)}, starting ${when}, at ${usd}. ${CALENDAR_FILE_ATTACHED}`,
      link: 'appointments',
      itemId: appointment.appointmentId,
      attachments: [calendarFile],
    });
    await notify(trx, [owner.id], {
      type: 'booking.confirmed',
      title: 'Booking confirmed',
      message: `You booked ${what} on ${aircraft.tailNumber} with ${fullName(mechanic)} for ${listDays(days)}, starting ${when}, at ${usd}. ${CALENDAR_FILE_ATTACHED}`,
      link: 'appointments',
      itemId: appointment.appointmentId,
      attachments: [calendarFile],
    });
    return { appointmentId: appointment.appointmentId, created: true };
  });
  return { appointment: await getAppointment(db, result.appointmentId), created: result.created };
}
