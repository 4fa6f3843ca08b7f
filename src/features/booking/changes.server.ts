import type { Selectable } from 'kysely';
import { BOOKING, windowClosedText, type BookingTerms } from '../../contract/booking.ts';
import { isUuid } from '../../contract/ids.ts';
import { APPOINTMENT_MACHINE } from '../../contract/machines.ts';
import type { Appointment } from '../../contract/marketplace.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import type { AppointmentsTable, ServiceRequestsTable } from '../../server/db/tables/marketplace.ts';
import { badRequest, conflict, notFound } from '../../server/http/errors.ts';
import { transition } from '../../server/http/transition.ts';
import { formatDay } from '../../lib/format.ts';
import { recordThreadEvent } from '../conversations/events.server.ts';
import { getAppointment } from '../marketplace/appointments.server.ts';
import { dateOnly, fullName } from '../marketplace/mappers.server.ts';
import { notify } from '../marketplace/notifications.server.ts';
import { whenText, zonedToUtc } from '../marketplace/schedule/zoned-time.ts';
import { busyDays, daysOf, daysTaken, earliestStart, listDays, scheduleOf, serviceLabel, startDays, uuidsOf } from './booking.server.ts';
import { addDays, fits, hoursOn, openStarts } from './calendar.ts';

/**
 * What the owner may do with a booking once confirmed (docs/decisions/0241): reschedule it to
 * another open start of the same mechanic, or cancel it, at no cost until the window agreed at
 * booking closes (`freeCancelHours` before the start). After that the owner is told to ask the
 * mechanic; the server refuses both, whichever path is used (this one, or the request's cancel).
 */

const appointmentNotFound = () => notFound('Appointment not found');
const HOUR_MS = 3_600_000;

type HoldRow = { id: string; mechanicId: string; freeCancelHours: number | null; days: string | ReadonlyArray<string | Date>; startDate: Date | string; reschedules: number; itemIds: string | readonly string[] };

/** When the booked work starts, as an instant: the appointment's day and hour in the mechanic's zone. */
function startsAtOf(a: { scheduledDate: Date | string; scheduledTime: string }, timeZone: string): Date {
  return zonedToUtc(dateOnly(a.scheduledDate), a.scheduledTime.slice(0, 5), timeZone);
}

function termsOf(hold: HoldRow, a: { status: string; scheduledDate: Date | string; scheduledTime: string }, timeZone: string, fallbackHours: number, now: Date): BookingTerms {
  const startsAt = startsAtOf(a, timeZone);
  const freeCancelHours = hold.freeCancelHours ?? fallbackHours;
  const freeUntil = new Date(startsAt.getTime() - freeCancelHours * HOUR_MS);
  return {
    holdId: hold.id,
    start: dateOnly(a.scheduledDate),
    days: daysOf(hold.days),
    startsAt: startsAt.toISOString(),
    timeZone,
    freeCancelHours,
    freeUntil: freeUntil.toISOString(),
    // 0 hours is "not free once confirmed" (said so before confirming), not "free until the start".
    changeable: (a.status === 'scheduled' || a.status === 'confirmed') && freeCancelHours > 0 && now < freeUntil,
    reschedules: hold.reschedules,
    itemIds: uuidsOf(hold.itemIds),
  };
}

/** Adds `booking` to each appointment made by booking (answers to its two parties only). */
export async function withBookingTerms<A extends Appointment>(db: Db, appointments: A[], now = new Date()): Promise<A[]> {
  if (appointments.length === 0) return appointments;
  const holds = await db
    .selectFrom('bookingHolds as h')
    .innerJoin('mechanicAvailability as av', 'av.mechanicId', 'h.mechanicId')
    .select(['h.id', 'h.appointmentId', 'h.mechanicId', 'h.freeCancelHours', 'h.days', 'h.startDate', 'h.reschedules', 'h.itemIds', 'av.timeZone', 'av.freeCancelHours as currentHours'])
    .where('h.appointmentId', 'in', appointments.map((a) => a.id))
    .execute();
  if (holds.length === 0) return appointments;
  return appointments.map((a) => {
    const hold = holds.find((h) => h.appointmentId === a.id);
    return hold ? Object.assign(a, { booking: termsOf(hold, a, hold.timeZone, hold.currentHours, now) }) : a;
  });
}

/** The owner's booked appointment, its hold and the mechanic's availability, all locked (holds of this mechanic queue behind). */
async function lockedBooking(trx: Db, owner: UserRow, appointmentId: string) {
  if (!isUuid(appointmentId)) throw appointmentNotFound();
  const a = await trx.selectFrom('appointments').selectAll().where('id', '=', appointmentId).forUpdate().executeTakeFirst();
  if (!a || a.customerId !== owner.id) throw appointmentNotFound();
  // The same lock every hold takes: a reschedule and a new hold on these days never cross.
  const availability = await trx.selectFrom('mechanicAvailability').selectAll().where('mechanicId', '=', a.mechanicId).forUpdate().executeTakeFirst();
  const hold = await trx.selectFrom('bookingHolds').selectAll().where('appointmentId', '=', a.id).forUpdate().executeTakeFirst();
  if (!hold || !availability) throw conflict(NOT_BOOKED);
  return { a, hold, availability };
}

const NOT_BOOKED = 'This appointment was not booked from a mechanic’s calendar: propose other times from the appointment instead';

/** 409 for an appointment made from a quote: it has no booking to change. */
export async function assertBooked(db: Db, appointmentId: string): Promise<void> {
  const hold = await db.selectFrom('bookingHolds').select('id').where('appointmentId', '=', appointmentId).executeTakeFirst();
  if (!hold) throw conflict(NOT_BOOKED);
}

async function mechanicName(db: Db, mechanicId: string): Promise<string> {
  const m = await db.selectFrom('users').select(['firstName', 'lastName']).where('id', '=', mechanicId).executeTakeFirstOrThrow();
  return fullName(m);
}

/** 409 once the agreed window has closed (or the appointment can no longer move at all). */
async function assertChangeable(db: Db, a: Selectable<AppointmentsTable>, hold: HoldRow, availability: { timeZone: string; freeCancelHours: number }, now: Date) {
  // Started, completed or cancelled: the machine's own sentence.
  transition(APPOINTMENT_MACHINE, a.status, 'cancel');
  const terms = termsOf(hold, a, availability.timeZone, availability.freeCancelHours, now);
  if (!terms.changeable) throw conflict(windowClosedText(terms.freeCancelHours, await mechanicName(db, a.mechanicId)));
  return terms;
}

/** The days each day holds without this booking: what a reschedule may move into. */
async function busyWithout(trx: Db, mechanicId: string, ownDays: readonly string[], from: string, to: string, now: Date) {
  const busy = (await busyDays(trx, [mechanicId], from, to, now)).get(mechanicId) ?? new Map<string, number>();
  for (const d of ownDays) if (busy.has(d)) busy.set(d, Math.max(0, busy.get(d)! - 1));
  return busy;
}

/** GET /api/booking/appointments/:id/open-starts: where the owner may move the booking now. */
export async function rescheduleOptions(db: Db, owner: UserRow, appointmentId: string, now = new Date()): Promise<{ openStarts: string[]; freeUntil: string }> {
  return db.transaction().execute(async (trx) => {
    const { a, hold, availability } = await lockedBooking(trx, owner, appointmentId);
    const terms = await assertChangeable(trx, a, hold, availability, now);
    const schedule = scheduleOf(availability);
    const earliest = earliestStart(schedule.timeZone, now);
    const own = daysOf(hold.days);
    const busy = await busyWithout(trx, a.mechanicId, own, addDays(earliest, -1), addDays(earliest, BOOKING.horizonDays + BOOKING.maxDays * 2), now);
    const starts = openStarts(schedule, earliest, own.length, busy, BOOKING.openStartsShown * 2, BOOKING.horizonDays).filter((d) => d !== terms.start);
    return { openStarts: starts, freeUntil: terms.freeUntil };
  });
}

/** POST /api/booking/appointments/:id/reschedule: the booking moves to another open start of the same mechanic. */
export async function rescheduleBooking(db: Db, owner: UserRow, appointmentId: string, start: string, now = new Date()): Promise<Appointment> {
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
    const busy = await busyWithout(trx, a.mechanicId, own, addDays(earliest, -1), addDays(earliest, BOOKING.horizonDays + BOOKING.maxDays * 2), now);
    if (!fits(schedule, days, busy)) throw daysTaken(openStarts(schedule, start, own.length, busy, 3, BOOKING.horizonDays));
    const time = hoursOn(schedule, start)?.start ?? a.scheduledTime.slice(0, 5);
    await trx
      .updateTable('bookingHolds')
      .set((eb) => ({ startDate: start, days, rescheduledAt: now, reschedules: eb('reschedules', '+', 1) }))
      .where('id', '=', hold.id)
      .execute();
    await trx.updateTable('appointments').set({ scheduledDate: start, scheduledTime: time, updatedAt: now }).where('id', '=', a.id).execute();
    await trx.updateTable('bids').set({ availableStartDate: start, estimatedCompletionDate: days.at(-1) ?? start, updatedAt: now }).where('id', '=', a.bidId).execute();
    await trx.updateTable('serviceRequests').set({ preferredStartDate: start, updatedAt: now }).where('id', '=', a.serviceRequestId).execute();
    const request = await trx.selectFrom('serviceRequests').select(['serviceType', 'aircraftTailNumber']).where('id', '=', a.serviceRequestId).executeTakeFirstOrThrow();
    const what = `the ${serviceLabel(request.serviceType)} on ${request.aircraftTailNumber}`;
    const when = whenText({ date: start, time }, schedule.timeZone);
    const moved = `from ${listDays(own)} to ${listDays(days)}`;
    await notify(trx, [a.mechanicId], {
      type: 'booking.rescheduled',
      title: 'Booking rescheduled',
      message: `${fullName(owner)} moved ${what} ${moved}: it now starts ${when}. The days before are free again.`,
      link: 'appointments',
      itemId: a.id,
    });
    await notify(trx, [a.customerId], {
      type: 'booking.rescheduled',
      title: 'Booking rescheduled',
      message: `You moved ${what} ${moved}: it now starts ${when}. Add the new time to your calendar from the appointment (an .ics file).`,
      link: 'appointments',
      itemId: a.id,
    });
    await recordThreadEvent(trx, { serviceRequestId: a.serviceRequestId, mechanicId: a.mechanicId }, 'booking_rescheduled', moved);
  });
  return getAppointment(db, appointmentId);
}

/**
 * Called by the request's cancel, inside its transaction, for every request: a booked one may be
 * cancelled only inside its agreed window (409 after); the owner is told and the thread says so.
 * The mechanic's days are free once the appointment is cancelled (busy days count live ones only).
 */
export async function onRequestCancel(trx: Db, owner: UserRow, request: Selectable<ServiceRequestsTable>, now: Date): Promise<void> {
  const booked = await trx
    .selectFrom('appointments as a')
    .innerJoin('bookingHolds as h', 'h.appointmentId', 'a.id')
    .select('a.id')
    .where('a.serviceRequestId', '=', request.id)
    .where('a.status', 'in', ['scheduled', 'confirmed'])
    .executeTakeFirst();
  if (!booked) return;
  const { a, hold, availability } = await lockedBooking(trx, owner, booked.id);
  const terms = await assertChangeable(trx, a, hold, availability, now);
  await trx.updateTable('bookingHolds').set({ releasedAt: now }).where('id', '=', hold.id).execute();
  const what = `the ${serviceLabel(request.serviceType)} on ${request.aircraftTailNumber}`;
  await notify(trx, [a.customerId], {
    type: 'booking.cancelled',
    title: 'Booking cancelled',
    message: `You cancelled ${what} for ${listDays(terms.days)}, inside the free window: nothing is owed for it.`,
    link: 'appointments',
    itemId: a.id,
  });
  await recordThreadEvent(trx, { serviceRequestId: request.id, mechanicId: a.mechanicId }, 'booking_cancelled', listDays(terms.days));
}
