import type { Selectable } from 'kysely';
import { windowClosedText } from '../../contract/booking.ts';
import { isUuid } from '../../contract/ids.ts';
import { APPOINTMENT_MACHINE } from '../../contract/machines.ts';
import { MARKETPLACE_SERVICE_TYPES } from '../../contract/marketplace.ts';
import type { Appointment, AppointmentBooking } from '../../contract/appointments.ts';
import { labelOf } from '../../contract/options.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db, Tx } from '../../server/db/client.ts';
import type { AppointmentsTable, ServiceRequestsTable } from '../../server/db/tables/marketplace.ts';
import { conflict, notFound } from '../../server/http/errors.ts';
import { transition } from '../../server/http/transition.ts';
import { formatDay } from '../../lib/format.ts';
import { recordThreadEvent } from '../conversations/events.server.ts';
import { fullName } from '../../server/db/full-name.ts';
import { dateOnly } from './mappers.server.ts';
import { notify } from './notifications.server.ts';
import { zonedToUtc } from '../../contract/zoned-time.ts';

/**
 * The terms of an appointment made by booking, kept with the core because every appointment answer
 * carries them and the request's own cancel enforces them (docs/decisions/0241): the window agreed
 * at booking, and whether the owner may still reschedule or cancel. The booking feature builds the
 * reschedule on these; the core never imports the booking feature (docs/decisions/0004).
 */

const HOUR_MS = 3_600_000;
const appointmentNotFound = () => notFound('Appointment not found');
export const NOT_BOOKED =
  'This appointment was not booked from a mechanic’s calendar: propose other times from the appointment instead';

/** The days a live hold or a booked job keeps: pg hands `date[]` back as dates (or text, by driver). */
export function daysOf(value: string | ReadonlyArray<string | Date>): string[] {
  if (Array.isArray(value)) return value.map((d: string | Date) => dateOnly(d));
  return String(value).replace(/[{}]/g, '').split(',').filter(Boolean);
}

/** A uuid[] column: an array from pg, the '{...}' text from a driver that does not parse it. */
export function uuidsOf(value: string | readonly string[]): string[] {
  if (Array.isArray(value)) return [...value];
  return String(value).replace(/[{}]/g, '').split(',').filter(Boolean);
}

/** "Dec 14, 2026, Dec 15, 2026 and Dec 16, 2026". */
export const listDays = (days: readonly string[]) => {
  const names = days.map((d) => formatDay(d));
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
};

export type BookedHoldRow = {
  id: string;
  freeCancelHours: number | null;
  days: string | ReadonlyArray<string | Date>;
  reschedules: number;
  itemIds: string | readonly string[];
  createdAt: Date;
  confirmedAt: Date | null;
  rescheduledAt: Date | null;
};

function termsOf(
  hold: BookedHoldRow,
  a: { status: string; scheduledDate: Date | string; scheduledTime: string },
  timeZone: string,
  fallbackHours: number,
  now: Date,
): AppointmentBooking {
  const startsAt = zonedToUtc(dateOnly(a.scheduledDate), a.scheduledTime.slice(0, 5), timeZone);
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
    // Booked (or last moved) when the window had already closed: there never was one to miss.
    bookedInsideWindow:
      freeCancelHours > 0 &&
      new Date(hold.rescheduledAt ?? hold.confirmedAt ?? hold.createdAt).getTime() >= freeUntil.getTime(),
    // 0 hours is "not free once confirmed" (said so before confirming), not "free until the start".
    changeable: (a.status === 'scheduled' || a.status === 'confirmed') && freeCancelHours > 0 && now < freeUntil,
    reschedules: hold.reschedules,
    itemIds: uuidsOf(hold.itemIds),
  };
}

/** Adds `booking` to each appointment made by booking (answers to its two parties only). */
export async function withBookingTerms<A extends Appointment>(
  db: Db,
  appointments: A[],
  now = new Date(),
): Promise<A[]> {
  if (appointments.length === 0) return appointments;
  const holds = await db
    .selectFrom('bookingHolds as h')
    .innerJoin('mechanicAvailability as av', 'av.mechanicId', 'h.mechanicId')
    .select([
      'h.id',
      'h.appointmentId',
      'h.freeCancelHours',
      'h.days',
      'h.reschedules',
      'h.itemIds',
      'h.createdAt',
      'h.confirmedAt',
      'h.rescheduledAt',
      'av.timeZone',
      'av.freeCancelHours as currentHours',
    ])
    .where(
      'h.appointmentId',
      'in',
      appointments.map((a) => a.id),
    )
    .execute();
  if (holds.length === 0) return appointments;
  return appointments.map((a) => {
    const hold = holds.find((h) => h.appointmentId === a.id);
    return hold ? Object.assign(a, { booking: termsOf(hold, a, hold.timeZone, hold.currentHours, now) }) : a;
  });
}

/** The owner's booked appointment, its hold and the mechanic's availability, all locked (holds of this mechanic queue behind). */
export async function lockedBooking(trx: Tx, owner: UserRow, appointmentId: string) {
  if (!isUuid(appointmentId)) throw appointmentNotFound();
  const a = await trx
    .selectFrom('appointments')
    .selectAll()
    .where('id', '=', appointmentId)
    .forUpdate()
    .executeTakeFirst();
  if (!a || a.customerId !== owner.id) throw appointmentNotFound();
  // The same lock every hold takes: a reschedule and a new hold on these days never cross.
  const availability = await trx
    .selectFrom('mechanicAvailability')
    .selectAll()
    .where('mechanicId', '=', a.mechanicId)
    .forUpdate()
    .executeTakeFirst();
  const hold = await trx
    .selectFrom('bookingHolds')
    .selectAll()
    .where('appointmentId', '=', a.id)
    .forUpdate()
    .executeTakeFirst();
  if (!hold || !availability) throw conflict(NOT_BOOKED);
  return { a, hold, availability };
}

/** 409 for an appointment made from a quote: it has no booking to change. */
export async function assertBooked(db: Db, appointmentId: string): Promise<void> {
  const hold = await db
    .selectFrom('bookingHolds')
    .select('id')
    .where('appointmentId', '=', appointmentId)
    .executeTakeFirst();
  if (!hold) throw conflict(NOT_BOOKED);
}

/** The terms now; 409 once the agreed window has closed (or the appointment can no longer move at all). */
export async function assertChangeable(
  db: Db,
  a: Selectable<AppointmentsTable>,
  hold: BookedHoldRow,
  availability: { timeZone: string; freeCancelHours: number },
  now: Date,
): Promise<AppointmentBooking> {
  // Started, completed or cancelled: the machine's own sentence.
  transition(APPOINTMENT_MACHINE, a.status, 'cancel');
  const terms = termsOf(hold, a, availability.timeZone, availability.freeCancelHours, now);
  if (!terms.changeable) {
    const m = await db
      .selectFrom('users')
      .select(['firstName', 'lastName'])
      .where('id', '=', a.mechanicId)
      .executeTakeFirstOrThrow();
    throw conflict(windowClosedText(terms.freeCancelHours, fullName(m)));
  }
  return terms;
}

/**
 * Called by the request's cancel, inside its transaction, for every request: a booked one may be
 * cancelled only inside its agreed window (409 after); the owner is told and the thread says so.
 * The mechanic's days are free once the appointment is cancelled (busy days count live ones only).
 */
export async function onRequestCancel(
  trx: Tx,
  owner: UserRow,
  request: Selectable<ServiceRequestsTable>,
  now: Date,
): Promise<void> {
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
  const what = `the ${labelOf(MARKETPLACE_SERVICE_TYPES, request.serviceType)} on ${request.aircraftTailNumber}`;
  await notify(trx, [a.customerId], {
    type: 'booking.cancelled',
    title: 'Booking cancelled',
    message: `You cancelled ${what} for ${listDays(terms.days)}, inside the free window: nothing is owed for it.`,
    link: 'appointments',
    itemId: a.id,
  });
  await recordThreadEvent(
    trx,
    { serviceRequestId: request.id, mechanicId: a.mechanicId },
    'booking_cancelled',
    listDays(terms.days),
  );
}

/**
 * Called by the mechanic's cancel, inside its transaction (docs/decisions/0242): a booked job the
 * mechanic cancels lets go of its hold (the days are already free, as busy days count live
 * appointments only; the release keeps the record plain) and the thread says so. The mechanic is
 * not bound by the owner's free window: the owner loses nothing. Answers the booked days, for the
 * owner's notice, or null for a job made from a quote.
 */
export async function onMechanicCancel(
  trx: Tx,
  a: { id: string; serviceRequestId: string; mechanicId: string },
  now: Date,
): Promise<string[] | null> {
  const hold = await trx
    .selectFrom('bookingHolds')
    .select(['id', 'days'])
    .where('appointmentId', '=', a.id)
    .forUpdate()
    .executeTakeFirst();
  if (!hold) return null;
  await trx
    .updateTable('bookingHolds')
    .set({ releasedAt: now })
    .where('id', '=', hold.id)
    .where('releasedAt', 'is', null)
    .execute();
  const days = daysOf(hold.days);
  await recordThreadEvent(
    trx,
    { serviceRequestId: a.serviceRequestId, mechanicId: a.mechanicId },
    'booking_cancelled_by_mechanic',
    listDays(days),
  );
  return days;
}
