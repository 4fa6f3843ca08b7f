import { describe, expect, it } from 'vitest';
import { book, bookableMechanic, openStartsOf, ownerWithPlane } from '../helpers/booking.ts';
import { testDb } from '../helpers/db.ts';
import { mechanicWithProfile, notificationsOf } from '../helpers/marketplace.ts';
import type { TestUser } from '../helpers/users.ts';
import { sendBookingReminders } from '../../src/features/booking/reminders.server.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, errorsOf, detailOf } from '../helpers/call-route.ts';

// The mechanic cancels a booked appointment (docs/decisions/0242, on the cancel of 0167): with a
// reason the owner reads, at any time before work starts (the owner's free window binds the owner
// only), the days free again, the owner told in the app and by email (the outbox), the thread
// says so. Lander, Wyoming (KLND): no other suite books there.

const PLACE = 'KLND';
const HOUR = 3_600_000;
const cancel = (who: TestUser, id: string, body: Record<string, unknown>) =>
  callRoute(ROUTES.appointmentCancelByMechanic, { params: { id }, unchecked: body, as: who });

async function booked() {
  const mechanic = await bookableMechanic(PLACE, { freeCancelHours: 72 });
  const { owner, aircraftId, tailNumber } = await ownerWithPlane(PLACE);
  const [start] = await openStartsOf(owner, aircraftId, mechanic.id, 8);
  const appointment = await book(owner, aircraftId, mechanic.id, start!);
  return { mechanic, owner, aircraftId, tailNumber, start: start!, appointment };
}

describe('the mechanic cancels a booked appointment', () => {
  it('frees the days, tells the owner why in the app and by email, and the thread says so; no reminder follows', async () => {
    const { mechanic, owner, tailNumber, start, appointment } = await booked();
    const other = await ownerWithPlane(PLACE);
    expect(await openStartsOf(other.owner, other.aircraftId, mechanic.id, 8)).not.toContain(start);

    const res = await cancel(mechanic, appointment.id, { reason: 'My hangar lost power for the week' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe('cancelled');
    expect(res.body.cancellation).toMatchObject({ by: 'mechanic', reason: 'My hangar lost power for the week' });
    expect(res.body.booking!.changeable).toBe(false);

    // The days are free: another owner sees them and holds them.
    expect(await openStartsOf(other.owner, other.aircraftId, mechanic.id, 8)).toContain(start);
    const hold = await callRoute(ROUTES.bookingHold, {
      body: { mechanicId: mechanic.id, aircraftId: other.aircraftId, serviceType: 'annual_inspection', start },
      as: other.owner,
    });
    expect(hold.status, hold.text).toBe(201);
    const released = await testDb()
      .selectFrom('bookingHolds')
      .select('releasedAt')
      .where('appointmentId', '=', appointment.id)
      .executeTakeFirstOrThrow();
    expect(released.releasedAt).not.toBeNull();

    const notice = (await notificationsOf(owner)).find((n) => n.type === 'appointment.cancelled_by_mechanic')!;
    expect(notice.title).toBe('Your mechanic cancelled the appointment');
    expect(notice.message).toMatch(
      new RegExp(`cancelled the Annual Inspection on ${tailNumber} booked for .+\\. Reason: My hangar lost power`),
    );
    expect(notice.message).toContain('Nothing was charged to your card.');
    expect(notice.message).toContain('Book another mechanic’s open days from the aircraft’s due list');
    const mail = await testDb()
      .selectFrom('outbox')
      .select('bodyText')
      .where('toAddress', '=', owner.email)
      .where('kind', '=', 'marketplace.appointment.cancelled_by_mechanic')
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.bodyText).toContain('My hangar lost power for the week');

    const lines = await testDb()
      .selectFrom('conversationMessages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversationId')
      .select('m.body')
      .where('c.serviceRequestId', '=', appointment.serviceRequestId)
      .where('m.kind', '=', 'event')
      .orderBy('m.createdAt')
      .execute();
    expect(lines.at(-1)?.body).toMatch(/^Booking cancelled by the mechanic: the days are free again: /);

    // The reminders skip it from now on (another suite's run at a made-up hour may have reminded it before).
    const reminded = () =>
      testDb()
        .selectFrom('bookingReminders')
        .select('hoursBefore')
        .where('appointmentId', '=', appointment.id)
        .execute();
    const before = await reminded();
    await sendBookingReminders(testDb(), new Date(Date.parse(appointment.booking.startsAt) - 71 * HOUR));
    await sendBookingReminders(testDb(), new Date(Date.parse(appointment.booking.startsAt) - 23 * HOUR));
    expect(await reminded()).toEqual(before);
  });

  it('is the assigned mechanic’s alone, with a reason, before work starts; the owner cannot cancel it again', async () => {
    const { mechanic, owner, appointment } = await booked();
    for (const body of [{}, { reason: '  ' }, { reason: 'x'.repeat(501) }]) {
      const res = await cancel(mechanic, appointment.id, body);
      expect(res.status).toBe(400);
      expect(errorsOf(res)[0]!.path).toBe('reason');
    }
    const stranger = await mechanicWithProfile({ baseLocation: PLACE, serviceRadius: '5' });
    const notTheirs = await cancel(stranger, appointment.id, { reason: 'Not mine' });
    expect(notTheirs.status).toBe(404);
    expect(detailOf(notTheirs)).toBe('Appointment not found');
    expect((await cancel(owner, appointment.id, { reason: 'I am the owner' })).status).toBe(403);
    // The owner's own paths stay the owner's: the mechanic cannot move or cancel through them.
    expect((await callRoute(ROUTES.bookingCancel, { params: { id: appointment.id }, as: mechanic })).status).toBe(403);

    expect((await cancel(mechanic, appointment.id, { reason: 'Sick that week' })).status).toBe(200);
    const twice = await cancel(mechanic, appointment.id, { reason: 'Again' });
    expect(twice.status).toBe(409);
    const ownerAfter = await callRoute(ROUTES.bookingCancel, { params: { id: appointment.id }, as: owner });
    expect(ownerAfter.status).toBe(409);
  });

  it('is refused once work has started, and inside the owner’s closed window it is still the mechanic’s to do', async () => {
    const late = await bookableMechanic(PLACE, { freeCancelHours: 0 });
    const { owner, aircraftId } = await ownerWithPlane(PLACE);
    const [start] = await openStartsOf(owner, aircraftId, late.id, 8);
    const noWindow = await book(owner, aircraftId, late.id, start!);
    // 0 hours: the owner cannot cancel once confirmed, the mechanic still can (the owner loses nothing).
    expect((await callRoute(ROUTES.bookingCancel, { params: { id: noWindow.id }, as: owner })).status).toBe(409);
    expect((await cancel(late, noWindow.id, { reason: 'Parts for my own aircraft are late' })).status).toBe(200);

    const { mechanic, appointment } = await booked();
    expect(
      (await callRoute(ROUTES.appointmentStart, { params: { id: appointment.id }, body: {}, as: mechanic })).status,
    ).toBe(200);
    const started = await cancel(mechanic, appointment.id, { reason: 'Found corrosion' });
    expect(started.status).toBe(409);
    expect(detailOf(started)).toBe('Work on this appointment has started, so it can no longer be cancelled');
  });
});
