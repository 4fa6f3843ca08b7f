import { APPOINTMENT_MACHINE, BID_MACHINE, REQUEST_MACHINE, fromStates, targetOf } from '../../contract/machines.ts';
import { MARKETPLACE_SERVICE_TYPES } from '../../contract/marketplace.ts';
import type { Appointment } from '../../contract/appointments.ts';
import { isUuid } from '../../contract/ids.ts';
import { labelOf } from '../../contract/options.ts';
import { formatCents } from '../../contract/payments.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import { notFound } from '../../server/http/errors.ts';
import { transition } from '../../server/http/transition.ts';
import { getAppointment, lockJob } from './appointments.server.ts';
import { listDays, onMechanicCancel } from './booking-terms.server.ts';
import { formatDay } from '../../lib/format.ts';
import { fullName } from '../../server/db/full-name.ts';
import { dateOnly } from './mappers.server.ts';
import { notify } from './notifications.server.ts';

const appointmentNotFound = () => notFound('Appointment not found');

/**
 * The assigned mechanic cancels an appointment before work starts, with a reason (docs/decisions/0167).
 * In one transaction: the appointment is cancelled (who and why kept), its request is closed (as an
 * owner's cancellation closes it; the owner asks again for other mechanics' quotes), quotes still
 * waiting are declined, and the owner is told why and what is refunded. After work starts the
 * state machine refuses it, as it refuses the owner ("Work on this appointment has started...").
 * The refund itself runs after the commit (refundOnMechanicCancel), like every payment hook.
 */
export async function cancelByMechanic(db: Db, mechanic: UserRow, id: string, reason: string): Promise<Appointment> {
  if (!isUuid(id)) throw appointmentNotFound();
  await db.transaction().execute(async (trx) => {
    // Request, then appointment: the one lock order of a job (docs/decisions/0301).
    const current = await lockJob(trx, id);
    // Another mechanic's appointment is not revealed to exist.
    if (!current || current.mechanicId !== mechanic.id) throw appointmentNotFound();
    const cancelled = transition(APPOINTMENT_MACHINE, current.status, 'cancel');
    const request = await trx
      .selectFrom('serviceRequests')
      .selectAll()
      .where('id', '=', current.serviceRequestId)
      .executeTakeFirstOrThrow();
    const closed = transition(REQUEST_MACHINE, request.status, 'cancel');
    const now = new Date();
    await trx
      .updateTable('appointments')
      .set({ status: cancelled, cancelledAt: now, cancelledBy: 'mechanic', cancellationReason: reason, updatedAt: now })
      .where('id', '=', id)
      .where('status', '=', current.status)
      .execute();
    await trx
      .updateTable('serviceRequests')
      .set({ status: closed, updatedAt: now })
      .where('id', '=', request.id)
      .execute();
    await trx
      .updateTable('bids')
      .set({ status: targetOf(BID_MACHINE, 'decline'), updatedAt: now })
      .where('serviceRequestId', '=', request.id)
      .where('status', 'in', fromStates(BID_MACHINE, 'decline'))
      .execute();
    // What the owner was charged before work starts: only a parts deposit held by the platform
    // (payments refunds it after this commits; docs/decisions/0230 places payments above marketplace).
    const held = await trx
      .selectFrom('payments')
      .select(['depositState', 'depositCents'])
      .where('appointmentId', '=', id)
      .executeTakeFirst();
    const deposit = held?.depositState === 'paid' ? Number(held.depositCents) : 0;
    const booked = await onMechanicCancel(trx, current, now);
    const what = `the ${labelOf(MARKETPLACE_SERVICE_TYPES, request.serviceType)} on ${request.aircraftTailNumber}`;
    const planned = booked
      ? `booked for ${listDays(booked)}`
      : `planned for ${formatDay(dateOnly(current.scheduledDate))}`;
    // A booking is made again from another mechanic's calendar; a quoted job is asked for again.
    const next = booked
      ? 'Book another mechanic’s open days from the aircraft’s due list, or request service to get quotes.'
      : 'Request service again to get quotes from other mechanics.';
    const money =
      deposit > 0
        ? ` Your parts deposit of ${formatCents(deposit)} is being refunded to your card in full.`
        : ' Nothing was charged to your card.';
    await notify(trx, [current.customerId], {
      type: 'appointment.cancelled_by_mechanic',
      title: 'Your mechanic cancelled the appointment',
      message: `${fullName(mechanic)} cancelled ${what} ${planned}. Reason: ${reason}.${money} ${next}`,
      link: 'appointments',
      itemId: id,
    });
  });
  return getAppointment(db, id);
}
