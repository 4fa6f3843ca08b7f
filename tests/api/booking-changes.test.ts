import { describe, expect, it } from 'vitest';
import { api } from '../helpers/api.ts';
import { icsProblems } from '../helpers/ics-rules.ts';
import { book, bookableMechanic, openStartsOf, ownerWithPlane } from '../helpers/booking.ts';
import { testDb } from '../helpers/db.ts';
import { notificationsOf } from '../helpers/marketplace.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { sendBookingReminders } from '../../src/features/booking/reminders.server.ts';
import { jobWorkDone } from '../../src/features/maintenance/work-done.server.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';

// A booking after confirmation (docs/decisions/0241): reminders 72 and 24 hours before, the owner's
// reschedule and cancel inside the agreed window (refused after it), the due items it links, and
// the event lines in the job's thread. Airports no other suite uses: offers list every mechanic near.

const HOUR = 3_600_000;
const reschedule = (owner: TestUser, id: string, start: string) =>
  callRoute(ROUTES.bookingReschedule, { params: { id }, body: { start }, as: owner });
const cancel = (owner: TestUser, id: string) =>
  callRoute(ROUTES.bookingCancel, { params: { id }, unchecked: {}, as: owner });
const eventLines = async (serviceRequestId: string) =>
  (
    await testDb()
      .selectFrom('conversationMessages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversationId')
      .select(['m.body'])
      .where('c.serviceRequestId', '=', serviceRequestId)
      .where('m.kind', '=', 'event')
      .orderBy('m.createdAt')
      .execute()
  ).map((m) => m.body);
const reminderCount = async (user: TestUser, appointmentTitle: RegExp) =>
  (await notificationsOf(user)).filter((n) => n.type === 'booking.reminder' && appointmentTitle.test(n.title)).length;

describe('reminders before a booked start', () => {
  it('tells both parties 72 and 24 hours before, once each, again after a reschedule, never for a cancelled one', async () => {
    const mechanic = await bookableMechanic('KMLS');
    const { owner, aircraftId, tailNumber } = await ownerWithPlane('KMLS');
    const [start, later] = await openStartsOf(owner, aircraftId, mechanic.id, 8);
    const appointment = await book(owner, aircraftId, mechanic.id, start!);
    const startsAt = Date.parse(appointment.booking.startsAt);
    const run = (hoursBefore: number) => sendBookingReminders(testDb(), new Date(startsAt - hoursBefore * HOUR));
    const sentFor = () =>
      testDb()
        .selectFrom('bookingReminders')
        .select(['hoursBefore', 'startsAt'])
        .where('appointmentId', '=', appointment.id)
        .orderBy('sentAt')
        .execute();

    await run(73);
    expect(await sentFor()).toEqual([]);
    // Two runs at once (overlapping schedules): one reminder.
    await Promise.all([run(71.5), run(71.5)]);
    await run(70);
    expect((await sentFor()).map((r) => r.hoursBefore)).toEqual([72]);
    expect(await reminderCount(owner, /in 3 days/)).toBe(1);
    expect(await reminderCount(mechanic, /in 3 days/)).toBe(1);
    const ownerNotice = (await notificationsOf(owner)).find((n) => n.type === 'booking.reminder')!;
    expect(ownerNotice.title).toBe('Reminder: Annual Inspection in 3 days');
    expect(ownerNotice.message).toMatch(
      new RegExp(`starts the Annual Inspection on ${tailNumber}, .* at 8:00 AM M[SD]T \\(local time at KMLS\\)\\.$`),
    );
    // The email goes through the outbox, to both.
    for (const who of [owner, mechanic]) {
      const mail = await testDb()
        .selectFrom('outbox')
        .select('bodyText')
        .where('toAddress', '=', who.email)
        .where('kind', '=', 'marketplace.booking.reminder')
        .execute();
      expect(mail.length, who.email).toBe(1);
    }

    await run(23.5);
    await run(1);
    expect((await sentFor()).map((r) => r.hoursBefore)).toEqual([72, 24]);
    expect(await reminderCount(owner, /tomorrow/)).toBe(1);
    expect(await reminderCount(mechanic, /tomorrow/)).toBe(1);

    // Moved (today, well inside the window): the new start is reminded again.
    const moved = await reschedule(owner, appointment.id, later!);
    expect(moved.status, moved.text).toBe(200);
    const newStartsAt = Date.parse(moved.body.booking!.startsAt);
    await sendBookingReminders(testDb(), new Date(newStartsAt - 71 * HOUR));
    expect((await sentFor()).filter((r) => r.startsAt.getTime() === newStartsAt).map((r) => r.hoursBefore)).toEqual([
      72,
    ]);

    // Cancelled: nothing more.
    expect((await cancel(owner, appointment.id)).status).toBe(200);
    await sendBookingReminders(testDb(), new Date(newStartsAt - 23 * HOUR));
    expect((await sentFor()).filter((r) => r.startsAt.getTime() === newStartsAt).map((r) => r.hoursBefore)).toEqual([
      72,
    ]);
  });

  it('skips a reminder whose moment came before the booking was made', async () => {
    const mechanic = await bookableMechanic('KEKO');
    const { owner, aircraftId } = await ownerWithPlane('KEKO');
    const [start] = await openStartsOf(owner, aircraftId, mechanic.id, 8);
    const appointment = await book(owner, aircraftId, mechanic.id, start!);
    const booked = await testDb()
      .selectFrom('bookingHolds')
      .select('confirmedAt')
      .where('appointmentId', '=', appointment.id)
      .executeTakeFirstOrThrow();
    // As if confirmed 30 hours before the start: the 72-hour reminder is past, the 24-hour one comes.
    const startsAt = Date.parse(appointment.booking.startsAt);
    await testDb()
      .updateTable('bookingHolds')
      .set({ confirmedAt: new Date(startsAt - 30 * HOUR) })
      .where('appointmentId', '=', appointment.id)
      .execute();
    await sendBookingReminders(testDb(), new Date(startsAt - 29 * HOUR));
    await sendBookingReminders(testDb(), new Date(startsAt - 23 * HOUR));
    const sent = await testDb()
      .selectFrom('bookingReminders')
      .select('hoursBefore')
      .where('appointmentId', '=', appointment.id)
      .execute();
    expect(sent.map((r) => r.hoursBefore)).toEqual([24]);
    expect(booked.confirmedAt).not.toBeNull();
  });
});

describe('reschedule and cancel by the owner', () => {
  it('moves a booking to another open start inside the window: the old days are freed, both are told, the thread says so', async () => {
    const mechanic = await bookableMechanic('KELY');
    const { owner, aircraftId } = await ownerWithPlane('KELY');
    const other = await ownerWithPlane('KELY');
    const [start] = await openStartsOf(owner, aircraftId, mechanic.id, 8);
    const appointment = await book(owner, aircraftId, mechanic.id, start!);
    expect(appointment.booking).toMatchObject({
      start,
      freeCancelHours: 72,
      changeable: true,
      bookedInsideWindow: false,
      reschedules: 0,
    });
    expect(Date.parse(appointment.booking.freeUntil)).toBe(Date.parse(appointment.booking.startsAt) - 72 * HOUR);
    expect(appointment.schedule.state).toBe('agreed');
    expect(await openStartsOf(other.owner, other.aircraftId, mechanic.id, 8)).not.toContain(start);

    const options = await callRoute(ROUTES.bookingOpenStarts, { params: { id: appointment.id }, as: owner });
    expect(options.status).toBe(200);
    expect(options.body.openStarts).not.toContain(start);
    expect(options.body.openStarts.length).toBeGreaterThan(0);
    const [target] = await openStartsOf(owner, aircraftId, mechanic.id, 20);
    // A start another owner books meanwhile is refused with the next open ones.
    const [taken] = await openStartsOf(owner, aircraftId, mechanic.id, 30);
    await book(other.owner, other.aircraftId, mechanic.id, taken!);
    const clash = await reschedule(owner, appointment.id, taken!);
    expect(clash.status).toBe(409);
    expect(detailOf(clash)).toMatch(/^Those days were just taken\. The next open starts are /);

    const moved = await reschedule(owner, appointment.id, target!);
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ status: 'confirmed', scheduledDate: target, scheduledTime: '08:00' });
    expect(moved.body.booking).toMatchObject({ start: target, reschedules: 1 });
    // The days left are free for others; the new ones are not.
    const seen = await openStartsOf(other.owner, other.aircraftId, mechanic.id, 8);
    expect(seen).toContain(start);
    expect(seen).not.toContain(target);
    expect((await notificationsOf(mechanic))[0]).toMatchObject({
      type: 'booking.rescheduled',
      title: 'Booking rescheduled',
    });
    expect((await notificationsOf(owner))[0]).toMatchObject({ type: 'booking.rescheduled' });
    expect(await eventLines(appointment.serviceRequestId)).toEqual([
      expect.stringMatching(
        /^Booked at a flat rate: \$1,850\.00, on site .+\. The appointment is confirmed; phone numbers are on it$/,
      ),
      expect.stringMatching(/^Booking rescheduled: from .* to /),
    ]);
    // The calendar file moves the event (SEQUENCE counts the reschedule).
    const ics = await callRoute(ROUTES.appointmentCalendar, { params: { id: appointment.id }, as: owner });
    expect(ics.text).toContain('SEQUENCE:1');
    expect(icsProblems(ics.text)).toEqual([]);
    // The quote's time proposals are not a second way to move a booking.
    const propose = await callRoute(ROUTES.appointmentPropose, {
      params: { id: appointment.id },
      body: { times: [{ date: target!, time: '10:00' }], reason: 'Later' },
      as: owner,
    });
    expect(propose.status).toBe(409);
    expect(detailOf(propose)).toBe(
      'This appointment was booked from the mechanic’s calendar: use Reschedule on the booking',
    );
  });

  it('cancels inside the window: the days are freed and both are told; nothing more can change it', async () => {
    const mechanic = await bookableMechanic('KWYS');
    const { owner, aircraftId } = await ownerWithPlane('KWYS');
    const [start] = await openStartsOf(owner, aircraftId, mechanic.id, 8);
    const appointment = await book(owner, aircraftId, mechanic.id, start!);
    const res = await cancel(owner, appointment.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe('cancelled');
    expect(res.body.booking!.changeable).toBe(false);
    expect(await openStartsOf(owner, aircraftId, mechanic.id, 8)).toContain(start);
    expect((await notificationsOf(mechanic)).map((n) => n.type)).toContain('request.cancelled');
    expect((await notificationsOf(owner))[0]).toMatchObject({ type: 'booking.cancelled', title: 'Booking cancelled' });
    expect((await eventLines(appointment.serviceRequestId)).at(-1)).toMatch(
      /^Booking cancelled by the owner: the days are free again: /,
    );
    const request = await callRoute(ROUTES.request, { params: { id: appointment.serviceRequestId }, as: owner });
    expect(request.body.status).toBe('cancelled');
    const again = await cancel(owner, appointment.id);
    expect(again.status).toBe(409);
    expect(detailOf(await reschedule(owner, appointment.id, start!))).toBe('This appointment was cancelled');
  });

  it('outside the agreed window both are refused on every path, with what to do instead; the window is the one agreed at booking', async () => {
    // Free until 720 hours (30 days) before: a start within the next weeks is outside it at once.
    const strict = await bookableMechanic('KBFF', { freeCancelHours: 720 });
    const { owner, aircraftId } = await ownerWithPlane('KBFF');
    const [start, later] = await openStartsOf(owner, aircraftId, strict.id, 8);
    const appointment = await book(owner, aircraftId, strict.id, start!);
    // Booked when its window had already closed: the card says so, not that a window closed on a
    // day before the booking existed.
    expect(appointment.booking).toMatchObject({ freeCancelHours: 720, changeable: false, bookedInsideWindow: true });
    const closed = `This booking can no longer be changed here: the free window closed 720 hours before the start. Message ${appointment.mechanicName} to ask for a change.`;
    const moved = await reschedule(owner, appointment.id, later!);
    expect(moved.status).toBe(409);
    expect(detailOf(moved)).toBe(closed);
    expect(detailOf(await callRoute(ROUTES.bookingOpenStarts, { params: { id: appointment.id }, as: owner }))).toBe(
      closed,
    );
    const cancelled = await cancel(owner, appointment.id);
    expect(cancelled.status).toBe(409);
    expect(detailOf(cancelled)).toBe(closed);
    // The request's own cancel keeps the same rule.
    const viaRequest = await callRoute(ROUTES.requestCancel, {
      params: { id: appointment.serviceRequestId },
      unchecked: {},
      as: owner,
    });
    expect(viaRequest.status).toBe(409);
    expect(detailOf(viaRequest)).toBe(closed);
    const still = await callRoute(ROUTES.appointmentsOwn, { as: owner });
    expect(still.body.find((a: { id: string }) => a.id === appointment.id)!.status).toBe('confirmed');

    // A mechanic who widens the window later does not change a booking made before.
    const mechanic = await bookableMechanic('KLBF');
    const second = await ownerWithPlane('KLBF');
    const [s2, l2] = await openStartsOf(second.owner, second.aircraftId, mechanic.id, 8);
    const booked = await book(second.owner, second.aircraftId, mechanic.id, s2!);
    await callRoute(ROUTES.bookingAvailabilitySave, {
      body: {
        timeZone: 'America/Denver',
        weekly: [1, 2, 3, 4, 5].map((day) => ({ day, start: '08:00', end: '17:00' })),
        timeOff: [],
        maxConcurrentJobs: 1,
        freeCancelHours: 720,
      },
      as: mechanic,
    });
    expect((await reschedule(second.owner, booked.id, l2!)).status).toBe(200);
  });

  it('is the owner’s alone, for booked appointments, with clear 4xx for bad starts', async () => {
    const mechanic = await bookableMechanic('KMCK');
    const { owner, aircraftId } = await ownerWithPlane('KMCK');
    const [start] = await openStartsOf(owner, aircraftId, mechanic.id, 8);
    const appointment = await book(owner, aircraftId, mechanic.id, start!);
    const stranger = await createUser('pilot');
    expect((await reschedule(stranger, appointment.id, start!)).status).toBe(404);
    expect((await cancel(stranger, appointment.id)).status).toBe(404);
    expect((await reschedule(mechanic, appointment.id, start!)).status).toBe(403);
    expect((await callRoute(ROUTES.bookingCancel, { params: { id: appointment.id }, unchecked: {} })).status).toBe(401);
    expect((await reschedule(owner, 'not-a-uuid', start!)).status).toBe(404);
    const same = await reschedule(owner, appointment.id, start!);
    expect(same.status).toBe(400);
    expect(detailOf(same)).toMatch(/^The booking already starts on /);
    expect(detailOf(await reschedule(owner, appointment.id, '2020-01-06'))).toMatch(/^The earliest start is /);
    expect(detailOf(await reschedule(owner, appointment.id, '2027-02-30'))).toBe('Start is not a real date');
    const sunday = [...Array(7).keys()]
      .map((i) => new Date(Date.parse(`${start}T00:00:00Z`) + (i + 1) * 86_400_000).toISOString().slice(0, 10))
      .find((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 0)!;
    expect(detailOf(await reschedule(owner, appointment.id, sunday))).toMatch(/^The mechanic does not work on Sun, /);

    // An appointment from a quote has no booking to move.
    const { scheduledJob } = await import('../helpers/marketplace.ts');
    const job = await scheduledJob('KPIR');
    const notBooked = await callRoute(ROUTES.bookingCancel, {
      params: { id: job.appointmentId },
      unchecked: {},
      as: job.pilot.token,
    });
    expect(notBooked.status).toBe(409);
    expect(detailOf(notBooked)).toBe(
      'This appointment was not booked from a mechanic’s calendar: propose other times from the appointment instead',
    );
  });
});

describe('the due items a booking is for', () => {
  it('links the annual to the request, so the signed job completes exactly it; other items are refused as not part of the flat rate', async () => {
    const mechanic = await bookableMechanic('KABR');
    const { owner, aircraftId } = await ownerWithPlane('KABR');
    const add = async (body: Record<string, unknown>) =>
      (await callRoute(ROUTES.maintenanceItemAdd, { params: { id: aircraftId }, unchecked: body, as: owner })).body as {
        id: string;
      };
    const annual = await add({ kind: 'annual', lastDoneDate: '2025-10-01' });
    const transponder = await add({ kind: 'transponder', lastDoneDate: '2025-01-01' });
    const [start, second] = await openStartsOf(owner, aircraftId, mechanic.id, 8);

    const refused = await callRoute(ROUTES.bookingHold, {
      unchecked: {
        mechanicId: mechanic.id,
        aircraftId,
        serviceType: 'annual_inspection',
        start,
        itemIds: [annual.id, transponder.id],
      },
      as: owner,
    });
    expect(refused.status).toBe(400);
    expect(detailOf(refused)).toBe(
      'Transponder check is not part of a flat-rate Annual Inspection: request service for it to get quotes',
    );

    const appointment = await book(owner, aircraftId, mechanic.id, start!, { itemIds: [annual.id] });
    expect(appointment.booking.itemIds).toEqual([annual.id]);
    const linked = await callRoute(ROUTES.requestMaintenance, {
      params: { id: appointment.serviceRequestId },
      as: owner,
    });
    expect(linked.status).toBe(200);
    expect(linked.body.linkedItemIds).toEqual([annual.id]);
    // What signing completes (docs/decisions/0160): the annual, which the approved flat-rate line names.
    const done = await jobWorkDone(testDb(), {
      bidId: appointment.bidId,
      serviceRequestId: appointment.serviceRequestId,
    });
    expect(done.itemIds).toEqual([annual.id]);
    const line = await testDb()
      .selectFrom('bidLines')
      .select(['dueItemId', 'decision'])
      .where('bidId', '=', appointment.bidId)
      .executeTakeFirstOrThrow();
    expect(line).toEqual({ dueItemId: annual.id, decision: 'approve' });
    // The transponder stays due: nothing booked does it.
    expect(done.itemIds).not.toContain(transponder.id);

    // Booked without picking: the aircraft's item the service is for.
    await cancel(owner, appointment.id);
    const again = await book(owner, aircraftId, mechanic.id, second!);
    expect(again.booking.itemIds).toEqual([annual.id]);
    expect(
      detailOf(
        await callRoute(ROUTES.bookingHold, {
          unchecked: {
            mechanicId: mechanic.id,
            aircraftId,
            serviceType: 'annual_inspection',
            start,
            itemIds: ['00000000-0000-4000-8000-000000000000'],
          },
          as: owner,
        }),
      ),
    ).toBe('Due item not found on this aircraft');
  });
});

describe('offers are paged', () => {
  it('answers a page soonest first with the next cursor in X-Next-Cursor, and the rest after it', async () => {
    const mechanics = await Promise.all([1, 2, 3].map(() => bookableMechanic('KYKN')));
    const { owner, aircraftId } = await ownerWithPlane('KYKN');
    const url = `/api/booking/offers?aircraftId=${aircraftId}&serviceType=annual_inspection&limit=2`;
    const first = await api.get(url, { token: owner.token });
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(2);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    expect(first.headers.get('link')).toContain('rel="next"');
    const second = await api.get(`${url}&cursor=${cursor}`, { token: owner.token });
    expect(second.body).toHaveLength(1);
    expect(second.headers.get('x-next-cursor')).toBeNull();
    const all = [...first.body, ...second.body].map((o: { mechanicId: string }) => o.mechanicId);
    expect(all.sort()).toEqual(mechanics.map((m) => m.id).sort());
    expect((await api.get(`${url}&cursor=nonsense`, { token: owner.token })).status).toBe(400);
  });
});
