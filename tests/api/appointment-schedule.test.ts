import ical from 'node-ical';
import { describe, expect, it } from 'vitest';
import { api } from '../helpers/api.ts';
import { testDb } from '../helpers/db.ts';
import { createRequest, mechanicWithProfile, notificationsOf, validBid } from '../helpers/marketplace.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, errorsOf } from '../helpers/call-route.ts';

// One named figure per job everywhere, hours on one rule, the
// appointment's time agreed between the parties with a calendar file, and their contacts shown to
// them only. Requests sit at Casper, Wyoming (America/Denver), where no other suite places mechanics.

const PLACE = 'KCPR';
const line = (over: Record<string, unknown> = {}) => ({
  category: 'inspection',
  description: 'Annual inspection, C182P',
  laborHours: '16',
  laborRate: '100',
  partsCost: '0',
  ...over,
});
const LINES = [
  line(),
  line({ category: 'airworthy', description: 'Transponder check (91.413)', laborHours: '1.5', partsCost: '0' }),
  line({ category: 'discretionary', description: 'Wash and wax', laborHours: '0.5', partsCost: '25' }),
];

async function job() {
  const pilot = await createUser('pilot', { firstName: 'Ona', lastName: 'Owner' });
  await testDb().updateTable('users').set({ phone: '(307) 555-0101' }).where('id', '=', pilot.id).execute();
  const mechanic = await mechanicWithProfile(
    { baseLocation: PLACE, serviceRadius: 5, businessName: 'Casper Aero Works' },
    { firstName: 'Max', lastName: 'Mech' },
  );
  await testDb().updateTable('users').set({ phone: '(307) 555-0202' }).where('id', '=', mechanic.id).execute();
  const request = await createRequest(pilot, { serviceLocation: PLACE, aircraftLocation: PLACE });
  const {
    laborCost: _l,
    partsCost: _p,
    estimatedHours: _h,
    ...rest
  } = validBid({ availableStartDate: '2030-12-02', estimatedCompletionDate: '2030-12-04' });
  const bid = await callRoute(ROUTES.requestBid, {
    params: { id: request.id },
    body: { ...rest, lines: LINES },
    as: mechanic,
  });
  expect(bid.status).toBe(201);
  const lines = bid.body.lines as Array<{ id: string }>;
  // The owner defers the transponder check and declines the wax.
  const accepted = await callRoute(ROUTES.requestAccept, {
    params: { id: request.id },
    body: {
      bidId: bid.body.id,
      decisions: [
        { lineId: lines[1]!.id, decision: 'defer' },
        { lineId: lines[2]!.id, decision: 'decline' },
      ],
    },
    as: pilot,
  });
  expect(accepted.status).toBe(200);
  return {
    pilot,
    mechanic,
    request,
    bidId: bid.body.id as string,
    appointmentId: accepted.body.appointment.id as string,
    accepted: accepted.body,
  };
}

const emailsTo = (to: string) =>
  testDb()
    .selectFrom('outbox')
    .select(['kind', 'subject', 'bodyText'])
    .where('toAddress', '=', to)
    .orderBy('createdAt')
    .execute();
const mine = async (user: TestUser, id: string) => {
  const res = await api.get(user.role === 'mechanic' ? '/api/appointments/mechanic' : '/api/appointments', {
    token: user.token,
  });
  return res.body.find((a: { id: string }) => a.id === id);
};

describe('one figure per job (point 7) and one rule for hours (point 8)', () => {
  it('names quoted, approved, with change orders and final, and every screen and email agrees', async () => {
    const { pilot, mechanic, request, appointmentId, accepted } = await job();
    // Quoted: 18 h x $100 + $25 = $1,825. Approved: the inspection alone, $1,600 for 16 h.
    expect(accepted.appointment.figures).toMatchObject({
      quoted: { totalCost: 1825, hours: 18 },
      approved: { totalCost: 1600, hours: 16 },
      withChangeOrders: null,
      final: null,
      current: { kind: 'approved', label: 'Approved', totals: { totalCost: 1600, hours: 16 } },
    });
    // The duration is the approved work's hours, on the same tenths as the figure.
    expect(accepted.appointment).toMatchObject({ totalCost: 1600, quotedTotal: 1825, estimatedDuration: 16 });
    // By its title: the request's "New service request" notice is made after the answer that
    // created the request, and on a busy machine it can come after this one.
    const accept = (await notificationsOf(mechanic)).find((n) => n.title === 'Quote accepted')!;
    expect(accept).toBeDefined();
    expect(accept.message).toContain('Quoted: $1,825.00; approved by the owner: $1,600.00.');
    const acceptMail = (await emailsTo(mechanic.email)).find((m) => m.kind === 'marketplace.bid.accepted')!;
    expect(acceptMail.bodyText).toContain('approved by the owner: $1,600.00');
    // The request card's accepted quote names the same figure.
    const card = (await callRoute(ROUTES.requestsOwn, { as: pilot })).body.find(
      (r: { id: string }) => r.id === request.id,
    );
    expect(card!.quotes.find((q: { status: string }) => q.status === 'accepted')!.figures!.current).toMatchObject({
      kind: 'approved',
      totals: { totalCost: 1600 },
    });

    // A change order of 1.25 h is refused in the field with the rule; 1.2 h is taken as typed.
    for (const step of ['confirm', 'start'])
      expect((await api.post(`/api/appointments/${appointmentId}/${step}`, {}, { token: mechanic.token })).status).toBe(
        200,
      );
    const refused = await callRoute(ROUTES.changeOrderCreate, {
      params: { id: appointmentId },
      body: { lines: [line({ category: 'airworthy', description: 'Tire', laborHours: '1.25', partsCost: '80' })] },
      as: mechanic,
    });
    expect(refused.status).toBe(400);
    expect(errorsOf(refused)).toContainEqual({
      path: 'lines.0.laborHours',
      message: 'Labor hours must be in steps of 0.1',
    });
    const order = await callRoute(ROUTES.changeOrderCreate, {
      params: { id: appointmentId },
      body: { lines: [line({ category: 'airworthy', description: 'Tire', laborHours: '1.2', partsCost: '80' })] },
      as: mechanic,
    });
    expect(order.status).toBe(201);
    const decided = await callRoute(ROUTES.changeOrderDecide, {
      params: { id: appointmentId, changeOrderId: order.body.id },
      body: { decisions: [{ lineId: order.body.lines![0]!.id, decision: 'approve' }] },
      as: pilot,
    });
    expect(decided.status).toBe(200);
    expect((await notificationsOf(mechanic))[0]!.message).toContain(
      'With change orders: $1,800.00 (approved at acceptance: $1,600.00)',
    );
    expect((await mine(pilot, appointmentId)).figures.current).toMatchObject({
      kind: 'withChangeOrders',
      totals: { totalCost: 1800, hours: 17.2 },
    });
    expect(await mine(mechanic, appointmentId)).toMatchObject({ totalCost: 1800, estimatedDuration: 17.2 });

    const done = await callRoute(ROUTES.appointmentComplete, { params: { id: appointmentId }, body: {}, as: mechanic });
    expect(done.status).toBe(200);
    expect(done.body.figures!.current).toMatchObject({ kind: 'final', label: 'Final', totals: { totalCost: 1800 } });
    expect((await notificationsOf(pilot))[0]!.message).toContain('Final: $1,800.00 for 17.2 h of work.');
    const after = (await callRoute(ROUTES.requestsOwn, { as: pilot })).body.find(
      (r: { id: string }) => r.id === request.id,
    );
    expect(after!.quotes.find((q: { status: string }) => q.status === 'accepted')!.figures).toMatchObject({
      quoted: { totalCost: 1825 },
      current: { kind: 'final', totals: { totalCost: 1800 } },
    });
  });
});

describe('appointment times (point 9)', () => {
  it('the mechanic proposes, the owner counters, the mechanic picks; both get the same calendar file', async () => {
    const { pilot, mechanic, appointmentId, accepted } = await job();
    expect(accepted.appointment.schedule).toMatchObject({
      state: 'unconfirmed',
      timeZone: 'America/Denver',
      open: null,
    });
    const base = `/api/appointments/${appointmentId}`;
    // The owner waits for the mechanic's times.
    expect(
      (await api.post(`${base}/proposals`, { times: [{ date: '2030-12-03', time: '09:00' }] }, { token: pilot.token }))
        .status,
    ).toBe(409);
    const bad = await api.post(
      `${base}/proposals`,
      { times: [{ date: '2020-01-01', time: '08:00' }] },
      { token: mechanic.token },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toContainEqual({ path: 'times.0.date', message: 'This date has passed' });
    expect(
      (await api.post(`${base}/proposals`, { times: [{ date: '2030-12-02', time: '8am' }] }, { token: mechanic.token }))
        .status,
    ).toBe(400);

    const proposed = await api.post(
      `${base}/proposals`,
      {
        times: [
          { date: '2030-12-02', time: '08:00' },
          { date: '2030-12-03', time: '13:30' },
        ],
        reason: 'The hangar at KCPR is free those mornings',
      },
      { token: mechanic.token },
    );
    expect(proposed.status).toBe(201);
    // A first proposal with a note is not a reschedule: nothing was agreed yet.
    expect((await notificationsOf(pilot))[0]!.title).toBe('Appointment times proposed');
    expect(proposed.body.schedule).toMatchObject({
      state: 'proposed',
      open: {
        proposerRole: 'mechanic',
        reschedule: false,
        times: [
          { date: '2030-12-02', time: '08:00' },
          { date: '2030-12-03', time: '13:30' },
        ],
      },
    });
    expect((await notificationsOf(pilot))[0]!.message).toContain('Mon, Dec 2, 2030 at 8:00 AM MST');
    // The mechanic cannot pick their own time; the owner counters with one of theirs.
    expect(
      (
        await api.post(
          `${base}/proposals/${proposed.body.schedule.open.id}/accept`,
          { time: { date: '2030-12-02', time: '08:00' } },
          { token: mechanic.token },
        )
      ).status,
    ).toBe(403);
    const counter = await api.post(
      `${base}/proposals`,
      { times: [{ date: '2030-12-09', time: '10:15' }] },
      { token: pilot.token },
    );
    expect(counter.status).toBe(201);
    expect(counter.body.schedule.history[1]).toMatchObject({ status: 'countered' });
    // A stale pick of the first proposal is refused with the reason.
    const stale = await api.post(
      `${base}/proposals/${proposed.body.schedule.open.id}/accept`,
      { time: { date: '2030-12-02', time: '08:00' } },
      { token: pilot.token },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toBe('This proposal was answered with other times; reload to see them');
    expect(
      (
        await api.post(
          `${base}/proposals/${counter.body.schedule.open.id}/accept`,
          { time: { date: '2030-12-10', time: '10:15' } },
          { token: mechanic.token },
        )
      ).status,
    ).toBe(400);
    const agreed = await api.post(
      `${base}/proposals/${counter.body.schedule.open.id}/accept`,
      { time: { date: '2030-12-09', time: '10:15' } },
      { token: mechanic.token },
    );
    expect(agreed.status).toBe(200);
    expect(agreed.body).toMatchObject({
      scheduledDate: '2030-12-09',
      scheduledTime: '10:15',
      schedule: { state: 'agreed', open: null },
    });

    // Both parties' calendar files, read by a real iCalendar parser: 10:15 MST is 17:15 UTC.
    for (const who of [pilot, mechanic]) {
      const res = await api.get(`${base}/calendar.ics`, { token: who.token });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      expect(res.text.split('\r\n').every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
      const events = Object.values(ical.sync.parseICS(res.text)).filter((c) => c?.type === 'VEVENT') as ical.VEvent[];
      expect(events).toHaveLength(1);
      expect(events[0]!.start.toISOString()).toBe('2030-12-09T17:15:00.000Z');
      expect(events[0]!.uid).toBe(`appointment-${appointmentId}@skyward-mobile-aviation`);
      expect(String(events[0]!.sequence)).toBe('1');
      expect(events[0]!.description).toContain('Time zone: America/Denver.');
    }
    const stranger = await createUser('pilot');
    expect((await api.get(`${base}/calendar.ics`, { token: stranger.token })).status).toBe(404);

    // Rescheduling an agreed time needs a reason; a summer date is on daylight time (MDT, UTC-6).
    const noReason = await api.post(
      `${base}/proposals`,
      { times: [{ date: '2031-07-01', time: '08:00' }] },
      { token: pilot.token },
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toContainEqual({ path: 'reason', message: 'Give a reason for rescheduling' });
    const moved = await api.post(
      `${base}/proposals`,
      { times: [{ date: '2030-12-16', time: '08:00' }], reason: 'Weather: snow forecast at KCPR' },
      { token: pilot.token },
    );
    expect(moved.status).toBe(201);
    expect(moved.body.schedule.open).toMatchObject({ reschedule: true });
    // The mechanic's counter to a reschedule still moves the agreed time.
    const countered = await api.post(
      `${base}/proposals`,
      { times: [{ date: '2030-12-16', time: '08:00' }] },
      { token: mechanic.token },
    );
    expect(countered.body.schedule.open).toMatchObject({ proposerRole: 'mechanic', reschedule: true });
    expect((await notificationsOf(pilot))[0]!.title).toBe('Reschedule requested');
    expect((await notificationsOf(mechanic))[0]).toMatchObject({
      title: 'Reschedule requested',
      message: expect.stringContaining('Reason: Weather: snow forecast at KCPR'),
    });
    const picked = await api.post(
      `${base}/proposals/${countered.body.schedule.open.id}/accept`,
      { time: { date: '2030-12-16', time: '08:00' } },
      { token: pilot.token },
    );
    expect(picked.body).toMatchObject({ scheduledDate: '2030-12-16', scheduledTime: '08:00' });
    const again = await api.get(`${base}/calendar.ics`, { token: pilot.token });
    const event = Object.values(ical.sync.parseICS(again.text)).find((c) => c?.type === 'VEVENT') as ical.VEvent;
    expect(event.start.toISOString()).toBe('2030-12-16T15:00:00.000Z');
    expect(String(event.sequence)).toBe('2');
  });

  it('daylight time: a July time at the same place is UTC-6', async () => {
    const { mechanic, pilot, appointmentId } = await job();
    const base = `/api/appointments/${appointmentId}`;
    const p = await api.post(
      `${base}/proposals`,
      { times: [{ date: '2031-07-01', time: '08:00' }] },
      { token: mechanic.token },
    );
    await api.post(
      `${base}/proposals/${p.body.schedule.open.id}/accept`,
      { time: { date: '2031-07-01', time: '08:00' } },
      { token: pilot.token },
    );
    const res = await api.get(`${base}/calendar.ics`, { token: mechanic.token });
    const event = Object.values(ical.sync.parseICS(res.text)).find((c) => c?.type === 'VEVENT') as ical.VEvent;
    expect(event.start.toISOString()).toBe('2031-07-01T14:00:00.000Z');
  });
});

describe('contacts and where the aircraft is (point 10)', () => {
  it('both parties see each other on the appointment; nobody else does', async () => {
    const { pilot, mechanic, appointmentId } = await job();
    const base = `/api/appointments/${appointmentId}`;
    const set = await api.put(
      `${base}/whereabouts`,
      { aircraftWhereabouts: 'Hangar B7, Atlantic Aviation FBO' },
      { token: pilot.token },
    );
    expect(set.status).toBe(200);
    expect(
      (await api.put(`${base}/whereabouts`, { aircraftWhereabouts: 'elsewhere' }, { token: mechanic.token })).status,
    ).toBe(403);
    const expected = {
      owner: { name: 'Ona Owner', email: pilot.email, phone: '(307) 555-0101' },
      mechanic: { name: 'Max Mech', email: mechanic.email, phone: '(307) 555-0202', businessName: 'Casper Aero Works' },
      aircraft: { location: PLACE, whereabouts: 'Hangar B7, Atlantic Aviation FBO' },
    };
    for (const who of [pilot, mechanic]) {
      expect((await api.get(`${base}/contacts`, { token: who.token })).body).toMatchObject(expected);
      expect((await mine(who, appointmentId)).parties).toMatchObject(expected);
    }
    const otherMechanic = await mechanicWithProfile({ baseLocation: PLACE, serviceRadius: 5 });
    const otherPilot = await createUser('pilot');
    const admin = await createUser('admin');
    for (const who of [otherMechanic, otherPilot, admin])
      expect((await api.get(`${base}/contacts`, { token: who.token })).status).toBe(404);
    expect((await api.get(`${base}/contacts`)).status).toBe(401);
    // The losing bidders' request view never carries the contacts.
    const view = await callRoute(ROUTES.requestsMatched, { as: otherMechanic });
    expect(JSON.stringify(view.body)).not.toContain('555-0101');
  });
});

describe('emails link to their item, and a welcome at sign-up (point 15)', () => {
  it('sign-up queues a welcome email with the dashboard link', async () => {
    const email = `welcome.${Date.now()}@example.com`;
    const res = await callRoute(ROUTES.authRegister, {
      body: {
        role: 'pilot',
        firstName: 'Wren',
        lastName: 'Welcome',
        email,
        password: 'Checklist-Complete-1',
      },
    });
    expect(res.status).toBe(201);
    const mail = await emailsTo(email);
    expect(mail).toEqual([
      expect.objectContaining({ kind: 'auth.welcome', subject: 'Welcome to Skyward Mobile Aviation' }),
    ]);
    expect(mail[0]!.bodyText).toMatch(/Your dashboard: https?:\/\/[^\s]+\/dashboard/);
  });

  it('the quote-accepted email links to the appointment', async () => {
    const { mechanic, appointmentId } = await job();
    const mail = (await emailsTo(mechanic.email)).find((m) => m.kind === 'marketplace.bid.accepted')!;
    expect(mail.bodyText).toMatch(
      new RegExp(`See it in your dashboard: https?://[^\\s]+/dashboard\\?section=appointments#item-${appointmentId}`),
    );
  });
});
