import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { api } from '../helpers/api.ts';
import { annualRate, book, openStartsOf, ownerWithPlane, WEEKDAYS_8_TO_5 } from '../helpers/booking.ts';
import { icsProblems } from '../helpers/ics-rules.ts';
import { useIsolatedDatabase } from '../helpers/isolated-db.ts';
import { createRequest, mechanicWithProfile, validBid } from '../helpers/marketplace.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { sendBookingReminders } from '../../src/features/booking/reminders.server.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute } from '../helpers/call-route.ts';

// The calendar, its files and the booking emails say the right times: a mechanic based at KRHV
// (San Jose, CA) works on Pacific time, a job over several days is one event from its first
// morning to its last evening, a booking confirms to the owner by email with its calendar file, and
// a reschedule's email carries the file it speaks of (the same UID, a higher SEQUENCE). Its own
// database: the offers near KRHV list only this suite's mechanics.

const PLACE = 'KRHV';
let db: Db;

beforeAll(async () => {
  db = await useIsolatedDatabase();
});

afterAll(async () => {
  await db.destroy();
});

const eventsOf = (text: string): VEvent[] =>
  Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');

/** The emails queued for a person of one kind, oldest first, with their attached calendar files read. */
async function emailsTo(who: TestUser, kind: string) {
  const rows = await db
    .selectFrom('outbox')
    .select(['subject', 'bodyText', 'attachments', 'createdAt'])
    .where('toAddress', '=', who.email)
    .where('kind', '=', kind)
    .orderBy('createdAt')
    .execute();
  return rows.map((r) => ({
    subject: r.subject ?? '',
    text: r.bodyText,
    files: (r.attachments ?? []).map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      ics: Buffer.from(a.content, 'base64').toString('utf8'),
    })),
  }));
}

async function pacificMechanic() {
  const mechanic = await mechanicWithProfile({ baseLocation: PLACE, serviceRadius: '10' });
  expect((await callRoute(ROUTES.bookingRatesSave, { body: [annualRate()], as: mechanic })).status).toBe(200);
  return mechanic;
}

describe('a KRHV mechanic’s calendar', () => {
  it('proposes the zone of the mechanic’s base airport until they save one', async () => {
    const mechanic = await pacificMechanic();
    const proposed = await callRoute(ROUTES.bookingAvailability, { as: mechanic });
    expect(proposed.status).toBe(200);
    expect(proposed.body).toMatchObject({ saved: false, timeZone: 'America/Los_Angeles' });
  });

  it('says the base airport’s zone beside a saved calendar that keeps another', async () => {
    const mechanic = await pacificMechanic();
    const saved = await callRoute(ROUTES.bookingAvailabilitySave, {
      body: { timeZone: 'America/New_York', weekly: WEEKDAYS_8_TO_5, timeOff: [], maxConcurrentJobs: 1 },
      as: mechanic,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({
      saved: true,
      timeZone: 'America/New_York',
      baseTimeZone: 'America/Los_Angeles',
    });
  });
});

describe('the calendar file of a job over several days', () => {
  it('covers every day quoted, from the first morning to the last evening, in the file and in the feed alike', async () => {
    const pilot = await createUser('pilot');
    const mechanic = await pacificMechanic();
    expect(
      (
        await callRoute(ROUTES.bookingAvailabilitySave, {
          body: { timeZone: 'America/Los_Angeles', weekly: WEEKDAYS_8_TO_5, timeOff: [], maxConcurrentJobs: 1 },
          as: mechanic,
        })
      ).status,
    ).toBe(200);
    const request = await createRequest(pilot, { serviceLocation: PLACE, aircraftLocation: PLACE });
    const {
      laborCost: _l,
      partsCost: _p,
      estimatedHours: _h,
      ...rest
    } = validBid({
      // Monday to Wednesday, 16.8 hours of work.
      availableStartDate: '2030-12-09',
      estimatedCompletionDate: '2030-12-11',
    });
    const quote = await callRoute(ROUTES.requestBid, {
      params: { id: request.id },
      body: {
        ...rest,
        lines: [
          { category: 'inspection', description: 'Annual inspection', laborHours: 16.8, laborRate: 100, partsCost: 0 },
        ],
      },
      as: mechanic,
    });
    expect(quote.status, quote.text).toBe(201);
    const accepted = await callRoute(ROUTES.requestAccept, {
      params: { id: request.id },
      body: { bidId: quote.body.id },
      as: pilot,
    });
    expect(accepted.status, accepted.text).toBe(200);
    const id = accepted.body.appointment.id as string;
    expect(accepted.body.appointment).toMatchObject({ scheduledDate: '2030-12-09', scheduledTime: '08:00' });

    const file = await callRoute(ROUTES.appointmentCalendar, { params: { id }, as: pilot });
    expect(file.status).toBe(200);
    expect(icsProblems(file.text)).toEqual([]);
    const [event, ...more] = eventsOf(file.text);
    expect(more).toEqual([]);
    // 8:00 AM PST on Dec 9 to 5:00 PM PST on Dec 11.
    expect(event!.start.toISOString()).toBe('2030-12-09T16:00:00.000Z');
    expect(event!.end!.toISOString()).toBe('2030-12-12T01:00:00.000Z');
    expect(event!.description).toContain('On site Mon, Dec 9 to Wed, Dec 11, 2030');

    // The mechanic's feed has the same event: the same UID, the same span.
    const availability = await callRoute(ROUTES.bookingAvailability, { as: mechanic });
    const feed = await api.get(availability.body.calendarUrl);
    expect(icsProblems(feed.text)).toEqual([]);
    const inFeed = eventsOf(feed.text).find((e) => e.uid === event!.uid);
    expect(inFeed, `no ${event!.uid} in the feed`).toBeTruthy();
    expect(inFeed!.start.toISOString()).toBe(event!.start.toISOString());
    expect(inFeed!.end!.toISOString()).toBe(event!.end!.toISOString());
    expect(String(inFeed!.sequence)).toBe(String(event!.sequence));

    // Moved by an agreed proposal, the span moves with it: the same three days from the new start.
    const proposed = await callRoute(ROUTES.appointmentPropose, {
      params: { id },
      body: { times: [{ date: '2030-12-16', time: '09:00' }] },
      as: mechanic,
    });
    expect(proposed.status, proposed.text).toBe(201);
    const picked = await callRoute(ROUTES.appointmentProposalAccept, {
      params: { id, proposalId: proposed.body.schedule!.open!.id },
      body: { time: { date: '2030-12-16', time: '09:00' } },
      as: pilot,
    });
    expect(picked.status, picked.text).toBe(200);
    const [moved] = eventsOf((await callRoute(ROUTES.appointmentCalendar, { params: { id }, as: pilot })).text);
    expect(moved!.uid).toBe(event!.uid);
    expect(Number(moved!.sequence)).toBeGreaterThan(Number(event!.sequence));
    expect(moved!.start.toISOString()).toBe('2030-12-16T17:00:00.000Z');
    expect(moved!.end!.toISOString()).toBe('2030-12-19T01:00:00.000Z');
    // The email of the time agreed says the truth about its file: it is attached.
    const [agreed] = await emailsTo(pilot, 'marketplace.appointment.agreed');
    expect(agreed!.files).toHaveLength(1);
    expect(agreed!.text).toContain('The calendar file is attached');
  });
});

describe('a booking’s hold', () => {
  it('says when work starts on the aircraft’s airport clock, labelled as its local time', async () => {
    const mechanic = await pacificMechanic();
    expect(
      (
        await callRoute(ROUTES.bookingAvailabilitySave, {
          body: { timeZone: 'America/Los_Angeles', weekly: WEEKDAYS_8_TO_5, timeOff: [], maxConcurrentJobs: 1 },
          as: mechanic,
        })
      ).status,
    ).toBe(200);
    const { owner, aircraftId } = await ownerWithPlane(PLACE);
    const [start] = await openStartsOf(owner, aircraftId, mechanic.id, 8);
    const held = await callRoute(ROUTES.bookingHold, {
      body: { mechanicId: mechanic.id, aircraftId, serviceType: 'annual_inspection', start: start! },
      as: owner,
    });
    expect(held.status, held.text).toBe(201);
    const day = new Date(`${start}T12:00:00Z`).toLocaleDateString('en-US', {
      timeZone: 'UTC',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    });
    expect(held.body.startsAtAirport).toMatch(new RegExp(`^${day} at 8:00 AM P[SD]T \\(local time at KRHV\\)$`));
  });
});

describe('a booking’s emails', () => {
  it('confirm to the owner with the time at the airport, labelled, and the calendar file; a reschedule attaches the moved file', async () => {
    const mechanic = await pacificMechanic();
    expect(
      (
        await callRoute(ROUTES.bookingAvailabilitySave, {
          body: { timeZone: 'America/Los_Angeles', weekly: WEEKDAYS_8_TO_5, timeOff: [], maxConcurrentJobs: 1 },
          as: mechanic,
        })
      ).status,
    ).toBe(200);
    const { owner, aircraftId, tailNumber } = await ownerWithPlane(PLACE);
    const [start, later] = await openStartsOf(owner, aircraftId, mechanic.id, 8);
    const appointment = await book(owner, aircraftId, mechanic.id, start!);
    const [first, last] = [appointment.booking.days[0], appointment.booking.days.at(-1)] as [string, string];
    expect(appointment.booking.days).toHaveLength(2);

    const [confirmation, ...others] = await emailsTo(owner, 'marketplace.booking.confirmed');
    expect(others).toEqual([]);
    expect(confirmation, 'the owner got no booking confirmation email').toBeTruthy();
    expect(confirmation!.subject).toMatch(/^Booking confirmed - /);
    expect(confirmation!.text).toContain(tailNumber);
    // 8:00 AM at the airport, its zone named and said to be the airport's.
    expect(confirmation!.text).toMatch(/at 8:00 AM P[SD]T \(local time at KRHV\)/);
    expect(confirmation!.files).toHaveLength(1);
    expect(confirmation!.files[0]!.contentType).toMatch(/^text\/calendar/);
    const [booked] = eventsOf(confirmation!.files[0]!.ics);
    expect(booked!.uid).toBe(`appointment-${appointment.id}@skyward-mobile-aviation`);
    expect(booked!.start.toISOString()).toBe(appointment.booking.startsAt);
    // Two working days: to 5:00 PM on the last one, at the airport.
    const evening = new Date(booked!.end!).toLocaleString('en-US', {
      timeZone: 'America/Los_Angeles',
      hour: 'numeric',
      minute: '2-digit',
    });
    expect(evening).toBe('5:00 PM');
    expect(new Date(booked!.end!).toLocaleDateString('en-CA', { timeZone: 'America/Los_Angeles' })).toBe(last);
    expect(first).toBe(start);
    // The mechanic's notice says the time too, and carries the file.
    const [notice] = await emailsTo(mechanic, 'marketplace.booking.confirmed');
    expect(notice!.text).toMatch(/at 8:00 AM P[SD]T \(local time at KRHV\)/);
    expect(notice!.files).toHaveLength(1);

    const moved = await callRoute(ROUTES.bookingReschedule, {
      params: { id: appointment.id },
      body: { start: later! },
      as: owner,
    });
    expect(moved.status, moved.text).toBe(200);
    for (const who of [owner, mechanic]) {
      const [rescheduled] = await emailsTo(who, 'marketplace.booking.rescheduled');
      expect(rescheduled, `${who.role} got no reschedule email`).toBeTruthy();
      expect(rescheduled!.files, `${who.role}'s reschedule email has no calendar file`).toHaveLength(1);
      expect(rescheduled!.text).toContain('The calendar file is attached');
      const [event] = eventsOf(rescheduled!.files[0]!.ics);
      expect(event!.uid).toBe(booked!.uid);
      expect(Number(event!.sequence)).toBeGreaterThan(Number(booked!.sequence));
      expect(event!.start.toISOString()).toBe(moved.body.booking!.startsAt);
    }
    // The attached file is the download's (but for its time stamp).
    const download = await callRoute(ROUTES.appointmentCalendar, { params: { id: appointment.id }, as: owner });
    const [rescheduled] = await emailsTo(owner, 'marketplace.booking.rescheduled');
    const unstamped = (ics: string) => ics.replace(/^DTSTAMP:.*\r\n/m, '');
    expect(unstamped(rescheduled!.files[0]!.ics)).toBe(unstamped(download.text));
  });
});

describe('a booking’s reminders', () => {
  it('name the start at the aircraft’s airport, labelled, when the mechanic’s calendar keeps another zone', async () => {
    const mechanic = await pacificMechanic();
    // Kept on Mountain time: 8:00 AM there is 7:00 AM at KRHV.
    expect(
      (
        await callRoute(ROUTES.bookingAvailabilitySave, {
          body: { timeZone: 'America/Denver', weekly: WEEKDAYS_8_TO_5, timeOff: [], maxConcurrentJobs: 1 },
          as: mechanic,
        })
      ).status,
    ).toBe(200);
    const { owner, aircraftId } = await ownerWithPlane(PLACE);
    const [start] = await openStartsOf(owner, aircraftId, mechanic.id, 8);
    const appointment = await book(owner, aircraftId, mechanic.id, start!);
    await sendBookingReminders(db, new Date(Date.parse(appointment.booking.startsAt) - 71 * 3_600_000));
    for (const who of [owner, mechanic]) {
      const [reminder] = await emailsTo(who, 'marketplace.booking.reminder');
      expect(reminder, `${who.role} got no reminder`).toBeTruthy();
      expect(reminder!.text).toMatch(/at 7:00 AM P[SD]T \(local time at KRHV\)/);
    }
  });
});
