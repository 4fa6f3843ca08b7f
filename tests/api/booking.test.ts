import ical from 'node-ical';
import { icsProblems } from '../helpers/ics-rules.ts';
import { describe, expect, it } from 'vitest';
import { api } from '../helpers/api.ts';
import { testDb } from '../helpers/db.ts';
import { bid, createRequest, mechanicWithProfile, uniqueTail } from '../helpers/marketplace.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { addDays } from '../../src/features/booking/calendar.ts';
import { todayIn } from '../../src/contract/zoned-time.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';

const WEEKDAYS_9_TO_5 = [1, 2, 3, 4, 5].map((day) => ({ day, start: '08:00', end: '17:00' }));

const annualRate = (over: Record<string, unknown> = {}) => ({
  serviceType: 'annual_inspection',
  aircraftClass: 'single_piston_fixed',
  priceCents: 185_000,
  includes: 'Annual inspection, logbook entries, up to 2 hours of minor squawks',
  days: 2,
  ...over,
});

/** A vetted mechanic at `airport` who publishes an annual for fixed-gear singles and opens a calendar. */
async function bookableMechanic(
  airport: string,
  availability: Record<string, unknown> = {},
  rates: unknown[] = [annualRate()],
) {
  const mechanic = await mechanicWithProfile({ baseLocation: airport, serviceRadius: '5' });
  const savedRates = await callRoute(ROUTES.bookingRatesSave, { unchecked: rates, as: mechanic });
  expect(savedRates.status).toBe(200);
  const saved = await callRoute(ROUTES.bookingAvailabilitySave, {
    body: { timeZone: 'America/Denver', weekly: WEEKDAYS_9_TO_5, timeOff: [], maxConcurrentJobs: 1, ...availability },
    as: mechanic,
  });
  expect(saved.status).toBe(200);
  return mechanic;
}

async function ownerWithPlane(airport: string, make = 'Cessna', model = '172S') {
  const owner = await createUser('pilot');
  const plane = await callRoute(ROUTES.aircraftAdd, {
    body: { tailNumber: uniqueTail(), make, model, year: '2004', totalHours: '2100', homeAirport: airport },
    as: owner,
  });
  expect(plane.status).toBe(201);
  return { owner, aircraftId: plane.body.id as string };
}

const offers = (owner: TestUser, aircraftId: string, serviceType = 'annual_inspection') =>
  callRoute(ROUTES.bookingOffers, { query: { aircraftId: aircraftId, serviceType: serviceType }, as: owner });
const hold = (owner: TestUser, body: Record<string, unknown>) =>
  callRoute(ROUTES.bookingHold, { unchecked: body, as: owner });

describe('flat rates and availability', () => {
  it('a mechanic replaces the whole list of rates; bad prices and duplicates are clear 400s', async () => {
    const mechanic = await mechanicWithProfile({ baseLocation: 'KLWS', serviceRadius: '5' });
    const put = (body: unknown) => callRoute(ROUTES.bookingRatesSave, { unchecked: body, as: mechanic });
    const saved = await put([annualRate(), annualRate({ aircraftClass: 'twin_piston', priceCents: 420_000, days: 3 })]);
    expect(saved.status).toBe(200);
    expect(saved.body).toHaveLength(2);
    expect(saved.body[0]).toMatchObject({
      serviceType: 'annual_inspection',
      aircraftClass: 'single_piston_fixed',
      aircraftClassLabel: 'Single piston, fixed gear',
      priceCents: 185_000,
      days: 2,
    });
    expect((await callRoute(ROUTES.bookingRates, { as: mechanic })).body).toEqual(saved.body);

    expect(detailOf(await put([annualRate({ priceCents: -100 })]))).toBe('Price must be more than 0');
    expect(detailOf(await put([annualRate({ priceCents: 1850.5 })]))).toBe('Price must be a whole number of cents');
    expect(detailOf(await put([annualRate({ aircraftClass: 'jet' })]))).toBe(
      'Aircraft class must be one of: single_piston_fixed, single_piston_retractable, twin_piston, turboprop',
    );
    const dup = await put([annualRate(), annualRate({ priceCents: 1 })]);
    expect(dup.status).toBe(400);
    expect(detailOf(dup)).toBe('Each service type and aircraft class has one price');
    // Nothing refused replaced what was saved.
    expect((await callRoute(ROUTES.bookingRates, { as: mechanic })).body).toHaveLength(2);

    const pilot = await createUser('pilot');
    expect((await callRoute(ROUTES.bookingRates, { as: pilot })).status).toBe(403);
    expect((await callRoute(ROUTES.bookingRates)).status).toBe(401);
  });

  it('availability is proposed from the profile until saved, then validated and kept with a feed address', async () => {
    const mechanic = await mechanicWithProfile({ baseLocation: 'KLWS', serviceRadius: '5' });
    const before = await callRoute(ROUTES.bookingAvailability, { as: mechanic });
    expect(before.status).toBe(200);
    expect(before.body.saved).toBe(false);
    const put = (body: Record<string, unknown>) =>
      callRoute(ROUTES.bookingAvailabilitySave, {
        body: { timeZone: 'America/Denver', weekly: WEEKDAYS_9_TO_5, timeOff: [], maxConcurrentJobs: 1, ...body },
        as: mechanic,
      });
    expect(detailOf(await put({ timeZone: 'Mars/Olympus' }))).toBe(
      'Time zone must be an IANA name like America/Denver',
    );
    expect(detailOf(await put({ weekly: [{ day: 1, start: '17:00', end: '08:00' }] }))).toBe('End must be after start');
    expect(detailOf(await put({ timeOff: [{ from: '2027-01-10', to: '2027-01-02' }] }))).toBe(
      'To must be on or after From',
    );
    expect(detailOf(await put({ maxConcurrentJobs: 0 }))).toBe('Maximum jobs at once must be at least 1');
    const saved = await put({ timeOff: [{ from: '2027-01-04', to: '2027-01-08' }], maxConcurrentJobs: 2 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      saved: true,
      timeZone: 'America/Denver',
      maxConcurrentJobs: 2,
      freeCancelHours: 72,
      timeOff: [{ from: '2027-01-04', to: '2027-01-08' }],
    });
    expect(saved.body.calendarUrl).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{20,}\.ics$/);
  });
});

describe('offers and holds', () => {
  it('lists mechanics who serve the aircraft with a rate for its class, with their first open starts', async () => {
    const mechanic = await bookableMechanic('KSUN');
    await bookableMechanic('KSUN', {}, [annualRate({ aircraftClass: 'twin_piston' })]); // no price for a 172
    const { owner, aircraftId } = await ownerWithPlane('KSUN');
    const res = await offers(owner, aircraftId);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    const offer = res.body[0];
    expect(offer).toMatchObject({
      mechanicId: mechanic.id,
      priceCents: 185_000,
      days: 2,
      aircraftClass: 'single_piston_fixed',
      freeCancelHours: 72,
      // Nobody rated this mechanic: no average, whatever the profile starts at.
      rating: null,
      ratingCount: 0,
    });
    expect(offer!.openStarts.length).toBe(5);
    // A job done and not rated is a completed job, not a rating ("5.0 (1 jobs)" before).
    await testDb()
      .updateTable('mechanicProfiles')
      .set({ completedJobs: 1 })
      .where('userId', '=', mechanic.id)
      .execute();
    expect((await offers(owner, aircraftId)).body[0]).toMatchObject({ rating: null, ratingCount: 0, completedJobs: 1 });
    const tomorrow = addDays(todayIn('America/Denver'), 1);
    for (const start of offer!.openStarts) {
      expect(start >= tomorrow).toBe(true);
      expect([1, 2, 3, 4, 5]).toContain(new Date(`${start}T00:00:00Z`).getUTCDay());
    }

    const { aircraftId: twin } = await ownerWithPlane('KSUN', 'Beechcraft', 'Baron 58');
    expect((await offers(owner, twin)).status).toBe(404); // not this owner's aircraft
    const { owner: other, aircraftId: unknown } = await ownerWithPlane('KSUN', 'Zenith', 'Experimental X');
    const unknownClass = await offers(other, unknown);
    expect(unknownClass.status).toBe(400);
    expect(detailOf(unknownClass)).toBe(
      'Flat rates are priced by aircraft class, and we cannot tell the class of a Zenith Experimental X: request service to get quotes instead',
    );
    expect((await offers(mechanic, aircraftId)).status).toBe(403);
  });

  it('refuses starts in the past, on days off, for classes not priced, and aircraft that are not yours', async () => {
    const mechanic = await bookableMechanic('KRIW', {
      timeOff: [{ from: addDays(todayIn('America/Denver'), 1), to: addDays(todayIn('America/Denver'), 9) }],
    });
    const { owner, aircraftId } = await ownerWithPlane('KRIW');
    const base = { mechanicId: mechanic.id, aircraftId, serviceType: 'annual_inspection' };
    const today = todayIn('America/Denver');
    const past = await hold(owner, { ...base, start: addDays(today, -3) });
    expect(past.status).toBe(400);
    expect(detailOf(past)).toMatch(/^The earliest start is /);
    const sunday = [...Array(14).keys()]
      .map((i) => addDays(today, 10 + i))
      .find((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 0)!;
    const off = await hold(owner, { ...base, start: sunday });
    expect(off.status).toBe(400);
    expect(detailOf(off)).toMatch(/^The mechanic does not work on Sun, /);
    const timeOff = await hold(owner, { ...base, start: addDays(today, 2) });
    expect(timeOff.status).toBe(400);
    const first = (await offers(owner, aircraftId)).body[0]!.openStarts[0];
    expect(first! > addDays(today, 9)).toBe(true); // the time off is never offered
    const notPriced = await hold(owner, { ...base, serviceType: 'hundred_hour', start: first });
    expect(notPriced.status).toBe(400);
    expect(detailOf(notPriced)).toBe(
      'This mechanic has no flat rate for Hundred Hour on a single piston, fixed gear aircraft',
    );
    const stranger = await createUser('pilot');
    expect((await hold(stranger, { ...base, start: first })).status).toBe(404);
    expect(detailOf(await hold(owner, { ...base, start: '2027-02-30' }))).toBe('Start is not a real date');
  });

  it('of 20 owners holding the same days at once exactly one gets them; the others are told and shown the next open starts', async () => {
    const mechanic = await bookableMechanic('KWRL');
    const owners = await Promise.all(Array.from({ length: 20 }, () => ownerWithPlane('KWRL')));
    const start = (await offers(owners[0]!.owner, owners[0]!.aircraftId)).body[0]!.openStarts[0] as string;
    const answers = await Promise.all(
      owners.map(({ owner, aircraftId }) =>
        hold(owner, { mechanicId: mechanic.id, aircraftId, serviceType: 'annual_inspection', start }),
      ),
    );
    const won = answers.filter((a) => a.status === 201);
    const lost = answers.filter((a) => a.status === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    expect(detailOf(lost[0]!)).toMatch(/^Those days were just taken\. The next open starts are /);
    // The refusal names the next open starts beside its detail.
    const refused = lost[0]!.body as unknown as { nextOpenStarts: string[] };
    expect(refused.nextOpenStarts).toHaveLength(3);
    expect(refused.nextOpenStarts).not.toContain(start);
    const rows = await testDb().selectFrom('bookingHolds').select('id').where('mechanicId', '=', mechanic.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('a hold keeps the days ten minutes; once expired they are free again and confirming is 410', async () => {
    const mechanic = await bookableMechanic('KHVR');
    const a = await ownerWithPlane('KHVR');
    const b = await ownerWithPlane('KHVR');
    const start = (await offers(a.owner, a.aircraftId)).body[0]!.openStarts[0] as string;
    const held = await hold(a.owner, {
      mechanicId: mechanic.id,
      aircraftId: a.aircraftId,
      serviceType: 'annual_inspection',
      start,
    });
    expect(held.status).toBe(201);
    const minutes = (Date.parse(held.body.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9.5);
    expect(minutes).toBeLessThanOrEqual(10);
    expect(held.body.days).toHaveLength(2);
    expect((await offers(b.owner, b.aircraftId)).body[0]!.openStarts).not.toContain(start);
    expect(
      (
        await hold(b.owner, {
          mechanicId: mechanic.id,
          aircraftId: b.aircraftId,
          serviceType: 'annual_inspection',
          start,
        })
      ).status,
    ).toBe(409);

    // Ten minutes pass.
    await testDb()
      .updateTable('bookingHolds')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', held.body.id)
      .execute();
    expect((await offers(b.owner, b.aircraftId)).body[0]!.openStarts).toContain(start);
    const late = await callRoute(ROUTES.bookingHoldConfirm, {
      params: { id: held.body.id },
      unchecked: {},
      as: a.owner.token,
    });
    expect(late.status).toBe(410);
    expect(detailOf(late)).toBe(
      'This hold expired after 10 minutes and its days are free again; pick a start day again',
    );
    expect(
      (
        await hold(b.owner, {
          mechanicId: mechanic.id,
          aircraftId: b.aircraftId,
          serviceType: 'annual_inspection',
          start,
        })
      ).status,
    ).toBe(201);
  });

  it('confirming creates a confirmed appointment at the flat price and blocks the days; a second click answers the same one', async () => {
    const mechanic = await bookableMechanic('KSDY');
    const { owner, aircraftId } = await ownerWithPlane('KSDY');
    const start = (await offers(owner, aircraftId)).body[0]!.openStarts[0] as string;
    const held = await hold(owner, { mechanicId: mechanic.id, aircraftId, serviceType: 'annual_inspection', start });
    const confirmed = await callRoute(ROUTES.bookingHoldConfirm, {
      params: { id: held.body.id },
      unchecked: {},
      as: owner,
    });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body).toMatchObject({ status: 'confirmed', scheduledDate: start, scheduledTime: '08:00' });
    const again = await callRoute(ROUTES.bookingHoldConfirm, {
      params: { id: held.body.id },
      unchecked: {},
      as: owner,
    });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(confirmed.body.id);
    const stranger = await createUser('pilot');
    expect(
      (await callRoute(ROUTES.bookingHoldConfirm, { params: { id: held.body.id }, unchecked: {}, as: stranger }))
        .status,
    ).toBe(404);

    const work = await callRoute(ROUTES.workOrder, { params: { id: confirmed.body.id }, as: owner });
    expect(work.status).toBe(200);
    expect(work.body.lines[0]).toMatchObject({
      description: 'Flat rate: Annual Inspection at a flat rate (single piston, fixed gear)',
      totalCost: 1850,
    });
    // The mechanic sees it among their appointments and is told.
    const theirs = await callRoute(ROUTES.appointmentsAssigned, { as: mechanic });
    expect(theirs.body.map((x: { id: string }) => x.id)).toContain(confirmed.body.id);
    const second = await ownerWithPlane('KSDY');
    expect((await offers(second.owner, second.aircraftId)).body[0]!.openStarts).not.toContain(start);
    // Letting go of a confirmed booking is the appointment's cancel, not the hold's.
    expect((await callRoute(ROUTES.bookingHoldRelease, { params: { id: held.body.id }, as: owner })).status).toBe(409);
  });

  it('a mechanic taking two jobs at once can be held twice for the same days, not three times; letting go frees a place', async () => {
    const mechanic = await bookableMechanic('KPDT', { maxConcurrentJobs: 2 });
    const owners = await Promise.all([1, 2, 3].map(() => ownerWithPlane('KPDT')));
    const start = (await offers(owners[0]!.owner, owners[0]!.aircraftId)).body[0]!.openStarts[0] as string;
    const body = (i: number) => ({
      mechanicId: mechanic.id,
      aircraftId: owners[i]!.aircraftId,
      serviceType: 'annual_inspection',
      start,
    });
    const first = await hold(owners[0]!.owner, body(0));
    expect(first.status).toBe(201);
    expect((await hold(owners[1]!.owner, body(1))).status).toBe(201);
    expect((await hold(owners[2]!.owner, body(2))).status).toBe(409);
    expect(
      (await callRoute(ROUTES.bookingHoldRelease, { params: { id: first.body.id }, as: owners[0]!.owner.token }))
        .status,
    ).toBe(200);
    expect((await hold(owners[2]!.owner, body(2))).status).toBe(201);
  });
});

describe('the calendar feed', () => {
  it('is an iCalendar a real parser reads, with each job at the right instant on both sides of a DST change', async () => {
    const mechanic = await bookableMechanic('KTWF', {
      weekly: [1, 2, 3, 4, 5].map((day) => ({ day, start: '08:00', end: '17:00' })),
    });
    const pilot = await createUser('pilot');
    // Two jobs accepted through bids: the Friday before US daylight saving time starts (Mar 14, 2027), and the Monday after.
    const ids: string[] = [];
    for (const [startDate, endDate] of [
      ['2027-03-12', '2027-03-12'],
      ['2027-03-15', '2027-03-16'],
    ] as const) {
      const request = await createRequest(pilot, {
        serviceLocation: 'KTWF',
        aircraftLocation: 'KTWF',
        preferredStartDate: startDate,
      });
      const quote = await bid(mechanic, request.id, {
        availableStartDate: startDate,
        estimatedCompletionDate: endDate,
      });
      const accepted = await callRoute(ROUTES.requestAccept, {
        params: { id: request.id },
        body: { bidId: quote.id },
        as: pilot,
      });
      expect(accepted.status).toBe(200);
      ids.push(accepted.body.appointment.id);
    }
    const availability = (await callRoute(ROUTES.bookingAvailability, { as: mechanic })).body;
    const feed = await api.get(availability.calendarUrl);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(feed.text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(feed.text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    // The rules an iCalendar validator applies (tests/helpers/ics-rules.ts); a broken copy is caught.
    expect(icsProblems(feed.text)).toEqual([]);
    expect(icsProblems(feed.text.replace('\r\nPRODID:', '\nPRODID:').replace(/UID:[^\r]*\r\n/, ''))).not.toEqual([]);
    const parsed = ical.sync.parseICS(feed.text);
    const events = Object.values(parsed).filter((e) => e?.type === 'VEVENT') as ical.VEvent[];
    const byId = (id: string) => events.find((e) => e.uid === `appointment-${id}@skyward-mobile-aviation`)!;
    // 08:00 in Twin Falls (Mountain time): 15:00 UTC in MST, 14:00 UTC in MDT.
    expect(byId(ids[0]!).start.toISOString()).toBe('2027-03-12T15:00:00.000Z');
    expect(byId(ids[1]!).start.toISOString()).toBe('2027-03-15T14:00:00.000Z');
    // Its last day ends at 17:00 MDT.
    expect(byId(ids[1]!).end?.toISOString()).toBe('2027-03-16T23:00:00.000Z');

    expect((await callRoute(ROUTES.calendarFeed, { params: { token: 'not-a-real-token-at-all-123' } })).status).toBe(
      404,
    );
  });
});
