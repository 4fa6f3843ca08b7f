import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import aogEscalation from '../../netlify/functions/aog-escalation.ts';
import { escalateDueAogs } from '../../src/features/aog/escalation.server.ts';
import { inQuietHours } from '../../src/features/conversations/quiet-hours.ts';
import type { Db } from '../../src/server/db/client.ts';
import { afterAnswersSettled } from '../../src/server/http/after-answer.ts';
import { call } from '../helpers/api.ts';
import { startFakeMessaging, type FakeMessaging } from '../helpers/fake-messaging.ts';
import { useIsolatedDatabase } from '../helpers/isolated-db.ts';
import { mechanicWithProfile, notificationsOf, uniqueTail } from '../helpers/marketplace.ts';
import { holdRowLock } from '../helpers/row-lock.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';

// Aircraft on ground (docs/decisions/0250-aog-dispatch.md). Its own database: who is
// asked depends on every mechanic near an airport, and the active Twilio key is global. Miles from
// KPAO: KNUQ 5, KSQL 8, KSJC 12, KHWD 14, KCCR 37, KSAC 80, KRNO 190, KBFL 220. The dispatch radius
// is 25, then 50, 100 and 200 miles.

let db: Db;
let admin: TestUser;
let fake: FakeMessaging;

const MINUTE = 60_000;

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

async function addKey(integration: string, fields: Record<string, string>) {
  const res = await call('POST', `/api/admin/config/api-keys?integration_type=${integration}`, {
    rawBody: form(fields),
    token: admin.token,
  });
  expect(res.status, res.text).toBeLessThan(300);
}

beforeAll(async () => {
  db = await useIsolatedDatabase();
  fake = await startFakeMessaging();
  process.env['MAILCHIMP_API_BASE'] = fake.url;
  process.env['TWILIO_API_BASE'] = fake.url;
  admin = await createUser('admin');
  await addKey('mailchimp', { key_name: 'Email', api_key: 'md-valid-key', is_primary: 'true' });
  await addKey('twilio', {
    key_name: 'SMS',
    api_key: 'AC0123456789abcdef0123456789abcdef',
    api_secret: 'auth-token',
    is_primary: 'true',
    additional_config: '{"from_number":"+14155550100"}',
  });
});

afterAll(async () => {
  await afterAnswersSettled(); // the deliveries started after the last answers
  await fake.close();
  await db.destroy();
});

let phoneSeq = 0;
/** A vetted mechanic based at `airport`, with a phone, and "available for AOG calls" when asked. */
async function mechanic(
  airport: string,
  serviceRadius: number,
  options: { available?: boolean; timeZone?: string; status?: 'pending' | 'approved' } = {},
) {
  const m = await mechanicWithProfile({ baseLocation: airport, serviceRadius: String(serviceRadius) });
  phoneSeq += 1;
  const phone = `(415) 555-${String(1000 + phoneSeq).slice(-4)}`;
  await db
    .updateTable('users')
    .set({ phone, ...(options.status ? { mechanicStatus: options.status } : {}) })
    .where('id', '=', m.id)
    .execute();
  if (options.available) {
    const saved = await callRoute(ROUTES.aogAvailabilitySave, { body: { available: true }, as: m });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual({ available: true, hasPhone: true });
  }
  if (options.timeZone)
    await db
      .insertInto('messageSettings')
      .values({ userId: m.id, timeZone: options.timeZone, suspendedAt: null, updatedAt: new Date() })
      .execute();
  return { ...m, e164: `+1415555${String(1000 + phoneSeq).slice(-4)}` };
}

const report = (over: Record<string, unknown> = {}) => ({
  aircraftTailNumber: uniqueTail(),
  aircraftMake: 'Cessna',
  aircraftModel: '182T',
  airport: 'KPAO',
  locationOnField: 'FBO ramp, spot 4',
  symptoms: ['engine_no_start'],
  description: 'Starter clicks, nothing turns.',
  access: { escortRequired: true, gateCode: '4455', afterHoursContact: 'FBO line desk 650-555-0199' },
  canFlyOut: false,
  callbackPhone: '(650) 555-0142',
  ...over,
});

async function reportAog(owner: TestUser, over: Record<string, unknown> = {}) {
  const res = await callRoute(ROUTES.aogReport, { unchecked: report(over), as: owner });
  expect(res.status, res.text).toBe(201);
  await afterAnswersSettled();
  return res.body as { id: string; status: 'open'; radiusMiles: number; notified: number };
}

const inAnHour = () => new Date(Date.now() + 60 * MINUTE).toISOString();
const offer = (m: TestUser, id: string, over: Record<string, unknown> = {}) =>
  callRoute(ROUTES.aogOffer, {
    params: { id },
    body: { arriveBy: inAnHour(), calloutFeeCents: 15_000, ...over },
    as: m,
  });
const asked = (id: string) =>
  db
    .selectFrom('aogNotified')
    .select(['mechanicId', 'step'])
    .where('aogId', '=', id)
    .orderBy('distanceMiles')
    .execute();
const callNotices = async (m: TestUser) => (await notificationsOf(m)).filter((n) => n.type === 'aog.call');

/** A zone where it is (or is not) 21:00-07:00 right now. */
function zoneWhere(quiet: boolean): string {
  for (let h = -12; h <= 14; h += 1) {
    const zone = h === 0 ? 'Etc/GMT' : `Etc/GMT${h > 0 ? '-' : '+'}${Math.abs(h)}`;
    if (inQuietHours(new Date(), zone) === quiet && inQuietHours(new Date(Date.now() + 2 * MINUTE), zone) === quiet)
      return zone;
  }
  throw new Error('no zone');
}

describe('report and broadcast', () => {
  it('asks only vetted mechanics whose service area covers the airport within 25 mi, each once; widens every 10 minutes to 3 steps', async () => {
    const near = await mechanic('KNUQ', 50, { available: true, timeZone: zoneWhere(true) }); // 5 mi, urgent even in quiet hours
    const day = await mechanic('KSQL', 50, { timeZone: zoneWhere(false) }); // 8 mi, not available: gathered email
    const night = await mechanic('KSJC', 50, { timeZone: zoneWhere(true) }); // 12 mi, not available, quiet: the bell only
    const pending = await mechanic('KSQL', 50, { status: 'pending' }); // not vetted
    const smallArea = await mechanic('KHWD', 10); // 14 mi, beyond their own 10
    const concord = await mechanic('KCCR', 60); // 37 mi: step 1
    const sacramento = await mechanic('KSAC', 150, { available: true }); // 80 mi: step 2
    const reno = await mechanic('KRNO', 250); // 190 mi: step 3
    const bakersfield = await mechanic('KBFL', 500); // 220 mi: never

    const owner = await createUser('pilot');
    const created = await reportAog(owner);
    expect(created).toMatchObject({ status: 'open', radiusMiles: 25, notified: 3 });
    expect((await asked(created.id)).map((a) => a.mechanicId)).toEqual([near.id, day.id, night.id]);
    for (const m of [near, day, night]) expect(await callNotices(m)).toHaveLength(1);
    for (const m of [pending, smallArea, concord, sacramento, reno, bakersfield])
      expect(await callNotices(m)).toHaveLength(0);

    // Urgent for the one available for AOG calls: an email and a text sent right after the answer, in
    // their quiet hours. The others: an email at once by day (an AOG call is never gathered with
    // other notices, docs/decisions/0453), nothing by night.
    expect(fake.sms.filter((s) => s.to === near.e164)).toHaveLength(1);
    expect(fake.sms[0]!.body).toMatch(/AOG: N\w+ at KPAO \(Palo Alto, CA\), 5 mi\. Engine will not start\./);
    expect(fake.emails.filter((e) => e.to === near.email)).toHaveLength(1);
    const outboxOf = (email: string) =>
      db
        .selectFrom('outbox')
        .select(['channel', 'kind', 'status'])
        .where('toAddress', '=', email)
        .where('kind', 'like', '%aog%')
        .execute();
    expect(await outboxOf(day.email)).toEqual([{ channel: 'email', kind: 'marketplace.aog.call', status: 'sent' }]);
    expect(await outboxOf(night.email)).toEqual([]);
    expect(fake.sms.filter((s) => s.to === day.e164 || s.to === night.e164)).toHaveLength(0);

    const list = async (m: TestUser) =>
      (await callRoute(ROUTES.aogOpen, { as: m })).body as Array<{ id: string; distanceMiles: number }>;
    expect((await list(near)).map((c) => [c.id, c.distanceMiles])).toEqual([[created.id, 5]]);
    expect(await list(concord)).toEqual([]);
    const early = await offer(concord, created.id);
    expect(early.status).toBe(403);
    expect(detailOf(early)).toBe('This aircraft on ground is not in your area');

    const createdAt = (
      await db.selectFrom('aogReports').select('createdAt').where('id', '=', created.id).executeTakeFirstOrThrow()
    ).createdAt.getTime();
    const at = (minutes: number) => new Date(createdAt + minutes * MINUTE + 1000);
    expect(await escalateDueAogs(db, at(9))).toEqual({ escalated: 0, notified: 0 });
    expect(await escalateDueAogs(db, at(10))).toEqual({ escalated: 1, notified: 1 });
    expect(await escalateDueAogs(db, at(10))).toEqual({ escalated: 0, notified: 0 }); // the step is taken once
    expect((await list(concord)).map((c) => c.id)).toEqual([created.id]);
    expect(await escalateDueAogs(db, at(20))).toEqual({ escalated: 1, notified: 1 });
    await afterAnswersSettled();
    expect(await escalateDueAogs(db, at(30))).toEqual({ escalated: 1, notified: 1 });
    expect(await escalateDueAogs(db, at(45))).toEqual({ escalated: 0, notified: 0 }); // 3 steps at most

    const steps = await asked(created.id);
    expect(steps.map((a) => [a.mechanicId, a.step])).toEqual([
      [near.id, 0],
      [day.id, 0],
      [night.id, 0],
      [concord.id, 1],
      [sacramento.id, 2],
      [reno.id, 3],
    ]);
    for (const m of [near, day, night, concord, sacramento, reno]) expect(await callNotices(m)).toHaveLength(1);
    for (const m of [pending, smallArea, bakersfield]) expect(await callNotices(m)).toHaveLength(0);
    const view = await callRoute(ROUTES.aogOne, { params: { id: created.id }, as: owner });
    expect(view.body).toMatchObject({ status: 'open', radiusMiles: 200, step: 3, notified: 6 });
    expect(view.body.timeline.map((t) => t.note)).toEqual([
      'Reported at KPAO (Palo Alto, CA). 3 mechanics within 25 mi asked.',
      'No offer yet: the radius widened to 50 mi, 1 more mechanic asked.',
      'No offer yet: the radius widened to 100 mi, 1 more mechanic asked.',
      'No offer yet: the radius widened to 200 mi, 1 more mechanic asked.',
    ]);
    // The last step tells the business to phone-dispatch.
    const business = await db.selectFrom('outbox').select('subject').where('kind', '=', 'aog.escalated').execute();
    expect(business).toHaveLength(1);
    expect(business[0]!.subject).toMatch(/^AOG without a mechanic for 30 minutes/);
    // ... and the owner hears it, with who is doing what: not only the console knows.
    const told = (await notificationsOf(owner)).filter((n: { type: string }) => n.type === 'aog.unanswered');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: 'No mechanic has answered yet',
      message: expect.stringMatching(
        /^No mechanic within 200 mi has answered the call for N\w+ yet\. Our team is phoning mechanics for you and will call you at /,
      ),
    });
  });

  it('an offer stops the escalation', async () => {
    const m = await mechanic('KNUQ', 50);
    const owner = await createUser('pilot');
    const created = await reportAog(owner, { airport: 'PAO' });
    expect((await offer(m, created.id)).status).toBe(201);
    expect(await escalateDueAogs(db, new Date(Date.now() + 11 * MINUTE))).toMatchObject({ escalated: 0 });
    // The scheduled function itself runs the same step on the real clock (nothing is due yet).
    expect((await aogEscalation()).status).toBe(204);
  });
});

describe('offers, acceptance and the race', () => {
  it('lists offers by arrival with rating and distance; accepting makes one emergency appointment and tells the others', async () => {
    const a = await mechanic('KSQL', 50);
    const b = await mechanic('KNUQ', 50);
    const owner = await createUser('pilot');
    // A photo in the owner's vault, sent with the report (uploads themselves are the documents suite's).
    const photo = await db
      .insertInto('documents')
      .values({
        ownerId: owner.id,
        uploadedBy: owner.id,
        aircraftId: null,
        serviceRequestId: null,
        title: 'AOG photo',
        documentType: 'photo',
        description: null,
        fileName: 'cowl.jpg',
        contentType: 'image/jpeg',
        sizeBytes: 3,
        sha256: 'a'.repeat(64),
        blobKey: `aog-test/${owner.id}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const created = await reportAog(owner, { documentIds: [photo.id] });
    const late = await offer(a, created.id, {
      arriveBy: new Date(Date.now() + 90 * MINUTE).toISOString(),
      calloutFeeCents: 12_500,
      note: 'Bringing a battery cart',
    });
    expect(late.status, late.text).toBe(201);
    const soon = await offer(b, created.id, {
      arriveBy: new Date(Date.now() + 40 * MINUTE).toISOString(),
      calloutFeeCents: 20_000,
    });
    expect(soon.status).toBe(201);
    expect(soon.body).toMatchObject({
      distanceMiles: 5,
      calloutFeeCents: 20_000,
      rating: null,
      status: 'open',
      mechanic: { id: b.id },
    });

    const live = await callRoute(ROUTES.aogOne, { params: { id: created.id }, as: owner });
    expect(live.status).toBe(200);
    expect(live.body.offers.map((o: { id: string }) => o.id)).toEqual([soon.body.id, late.body.id]);
    expect(live.body.offers[1]).toMatchObject({
      distanceMiles: 8,
      note: 'Bringing a battery cart',
      calloutFeeCents: 12_500,
    });
    expect((await notificationsOf(owner)).filter((n) => n.type === 'aog.offer')).toHaveLength(2);

    const accepted = await callRoute(ROUTES.aogAccept, {
      params: { id: created.id, offerId: late.body.id },
      unchecked: {},
      as: owner,
    });
    expect(accepted.status, accepted.text).toBe(201);
    expect(accepted.body).toMatchObject({ status: 'confirmed', mechanicId: a.id, serviceLocation: 'KPAO' });
    const request = await db
      .selectFrom('serviceRequests')
      .select(['urgencyLevel', 'serviceType', 'aircraftId'])
      .where('id', '=', accepted.body.serviceRequestId)
      .executeTakeFirstOrThrow();
    expect(request).toMatchObject({ urgencyLevel: 'emergency', serviceType: 'emergency_repair' });
    expect(request.aircraftId).not.toBeNull(); // the typed aircraft joined My Aircraft
    const filed = await db
      .selectFrom('documents')
      .select('serviceRequestId')
      .where('id', '=', photo.id)
      .executeTakeFirstOrThrow();
    expect(filed.serviceRequestId).toBe(accepted.body.serviceRequestId); // the dispatched mechanic reads it as the job's
    const after = await callRoute(ROUTES.aogOne, { params: { id: created.id }, as: owner });
    expect(after.body).toMatchObject({ status: 'accepted', appointmentId: accepted.body.id, mechanic: { id: a.id } });
    expect(after.body.offers.map((o: { status: string }) => o.status)).toEqual(['declined', 'accepted']);
    expect((await notificationsOf(b)).filter((n) => n.type === 'aog.taken')).toHaveLength(1);
    const dispatched = (await notificationsOf(a)).find((n) => n.type === 'aog.dispatched');
    expect(dispatched?.message).toMatch(
      /Call the owner back on \(650\) 555-0142\. An escort is needed on the ramp\. Gate code: 4455\./,
    );

    const again = await offer(b, created.id);
    expect(again.status).toBe(409);
    expect(detailOf(again)).toBe('This aircraft on ground already has a mechanic');
  });

  it('of two accepts at once exactly one makes an appointment; the other is told it is taken', async () => {
    const a = await mechanic('KSQL', 50);
    const b = await mechanic('KNUQ', 50);
    const owner = await createUser('pilot');
    const created = await reportAog(owner);
    const first = (await offer(a, created.id)).body.id as string;
    const second = (await offer(b, created.id)).body.id as string;

    const lock = await holdRowLock('aog_reports', created.id);
    const one = callRoute(ROUTES.aogAccept, { params: { id: created.id, offerId: first }, unchecked: {}, as: owner });
    await lock.waitForWaiters(1, 'the first accept');
    const two = callRoute(ROUTES.aogAccept, { params: { id: created.id, offerId: second }, unchecked: {}, as: owner });
    await lock.waitForWaiters(2, 'the second accept');
    await lock.release();
    const results = await Promise.all([one, two]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(detailOf(results.find((r) => r.status === 409)!)).toBe('This aircraft on ground already has a mechanic');
    const appointments = await db.selectFrom('appointments').select('id').where('customerId', '=', owner.id).execute();
    expect(appointments).toHaveLength(1);
  });

  it('one mechanic accepted by two owners at once goes to one of them', async () => {
    const m = await mechanic('KSJC', 50);
    const [o1, o2] = [await createUser('pilot'), await createUser('pilot')];
    const [c1, c2] = [await reportAog(o1), await reportAog(o2)];
    const [f1, f2] = [(await offer(m, c1.id)).body.id as string, (await offer(m, c2.id)).body.id as string];
    const lock = await holdRowLock('users', m.id);
    const one = callRoute(ROUTES.aogAccept, { params: { id: c1.id, offerId: f1 }, unchecked: {}, as: o1 });
    await lock.waitForWaiters(1, 'the first owner');
    const two = callRoute(ROUTES.aogAccept, { params: { id: c2.id, offerId: f2 }, unchecked: {}, as: o2 });
    await lock.waitForWaiters(2, 'the second owner');
    await lock.release();
    const [r1, r2] = await Promise.all([one, two]);
    expect([r1.status, r2.status]).toEqual([201, 409]);
    expect(detailOf(r2)).toMatch(/was just dispatched to another aircraft on ground; choose another offer$/);
    expect((await callRoute(ROUTES.aogOne, { params: { id: c2.id }, as: o2 })).body.status).toBe('open');
  });
});

describe('live status', () => {
  it('the dispatched mechanic moves the call along; each step is on the timeline and reaches the owner', async () => {
    const m = await mechanic('KSQL', 50);
    const other = await mechanic('KNUQ', 50);
    const owner = await createUser('pilot');
    const created = await reportAog(owner);
    const o = (await offer(m, created.id)).body.id as string;
    expect(
      (await callRoute(ROUTES.aogAccept, { params: { id: created.id, offerId: o }, unchecked: {}, as: owner })).status,
    ).toBe(201);
    const smsBefore = fake.sms.filter((s) => s.to === '+16505550142').length;

    const post = (user: TestUser, body: Record<string, unknown>) =>
      callRoute(ROUTES.aogStatus, { params: { id: created.id }, unchecked: body, as: user });
    const newEta = new Date(Date.now() + 25 * MINUTE).toISOString();
    expect((await post(m, { status: 'en_route', arriveBy: newEta })).status).toBe(200);
    expect((await post(m, { status: 'on_site' })).status).toBe(200);
    expect((await post(m, { status: 'diagnosing', note: 'Starter solenoid suspected' })).status).toBe(200);
    const parts = await post(m, {
      status: 'parts_needed',
      part: 'Starter solenoid',
      partEta: new Date(Date.now() + 20 * 60 * MINUTE).toISOString(),
    });
    expect(parts.status, parts.text).toBe(200);
    const fixed = await post(m, { status: 'fixed', note: 'Solenoid replaced, ground run good' });
    expect(fixed.status).toBe(200);
    expect(fixed.body.timeline.map((t: { status: string }) => t.status)).toEqual([
      'open',
      'accepted',
      'en_route',
      'on_site',
      'diagnosing',
      'parts_needed',
      'fixed',
    ]);
    // Where the aircraft is (KSQL, Pacific time): "today", or the weekday when 25 minutes from now
    // is past midnight there (format.test.ts has both cases).
    const onPacificDay = (d: Date) => d.toLocaleDateString('en-US', { timeZone: 'America/Los_Angeles' });
    const day =
      onPacificDay(new Date(newEta)) === onPacificDay(new Date())
        ? 'today'
        : new Date(newEta).toLocaleDateString('en-US', { timeZone: 'America/Los_Angeles', weekday: 'short' });
    expect(fixed.body.timeline[2]!.note).toMatch(new RegExp(`^On site by ${day} \\d`));
    expect(fixed.body.timeline[5]!.note).toMatch(/^Part: Starter solenoid, expected /);
    expect(fixed.body.arriveBy).toBe(newEta);
    expect(fixed.body.offers).toHaveLength(1); // a mechanic sees their own offer only

    const owned = await callRoute(ROUTES.aogOne, { params: { id: created.id }, as: owner });
    expect(owned.body.status).toBe('fixed');
    const told = (await notificationsOf(owner)).filter((n) => n.type === 'aog.status').map((n) => n.title);
    expect(told).toHaveLength(5);
    await afterAnswersSettled();
    expect(fake.sms.filter((s) => s.to === '+16505550142').length - smsBefore).toBe(5);

    expect((await post(m, { status: 'on_site' })).status).toBe(409); // fixed closes the dispatch
    expect((await post(other, { status: 'on_site' })).status).toBe(403);
    expect((await post(owner, { status: 'on_site' })).status).toBe(403);
  });

  it('refuses bad status input', async () => {
    const m = await mechanic('KSQL', 50);
    const owner = await createUser('pilot');
    const created = await reportAog(owner);
    const o = (await offer(m, created.id)).body.id as string;
    await callRoute(ROUTES.aogAccept, { params: { id: created.id, offerId: o }, unchecked: {}, as: owner });
    const post = (body: Record<string, unknown>) =>
      callRoute(ROUTES.aogStatus, { params: { id: created.id }, unchecked: body, as: m });
    expect(detailOf(await post({ status: 'teleported' }))).toBe(
      'Status must be one of: en_route, on_site, diagnosing, parts_needed, fixed, ferry_permit_needed',
    );
    expect(
      detailOf(await post({ status: 'en_route', arriveBy: new Date(Date.now() - 30 * MINUTE).toISOString() })),
    ).toBe('Arrival time is in the past');
    expect(detailOf(await post({ status: 'parts_needed' }))).toBe('Say which part is needed');
    expect((await post({ status: 'en_route', arriveBy: 'soon' })).status).toBe(400);
  });
});

describe('role rules and bad input', () => {
  it('refuses unknown airports, missing fields, past arrivals, negative fees, others’ aircraft and calls', async () => {
    const owner = await createUser('pilot');
    const m = await mechanic('KSQL', 50);
    const post = (body: unknown, user: TestUser = owner) => callRoute(ROUTES.aogReport, { unchecked: body, as: user });
    const unknown = await post(report({ airport: 'KZZZ' }));
    expect(unknown.status).toBe(400);
    expect(detailOf(unknown)).toBe('We could not find the airport "KZZZ". Use its identifier, such as KSJC or SJC.');
    expect(detailOf(await post(report({ symptoms: [] })))).toBe('Choose at least one symptom');
    expect((await post(report({ symptoms: ['gremlins'] }))).status).toBe(400);
    expect(detailOf(await post(report({ aircraftTailNumber: null })))).toBe(
      'Choose one of your aircraft, or type its tail number, make and model',
    );
    expect(detailOf(await post(report({ callbackPhone: 'call me' })))).toBe(
      'Callback phone must be a valid phone number',
    );
    expect((await post(report({ canFlyOut: 'maybe' }))).status).toBe(400);
    expect((await post(report(), m)).status).toBe(403);
    expect((await callRoute(ROUTES.aogReport, { unchecked: report() })).status).toBe(401);
    const stranger = await createUser('pilot');
    const plane = await callRoute(ROUTES.aircraftAdd, {
      body: { tailNumber: uniqueTail(), make: 'Piper', model: 'PA-28-181' },
      as: stranger,
    });
    expect((await post(report({ aircraftId: plane.body.id }))).status).toBe(404);
    expect(detailOf(await post(report({ documentIds: ['00000000-0000-4000-8000-000000000000'] })))).toBe(
      'Photos must be documents you uploaded',
    );
    expect(await db.selectFrom('aogReports').select('id').where('ownerId', '=', owner.id).execute()).toEqual([]); // nothing refused was saved

    const created = await reportAog(owner, {
      aircraftTailNumber: null,
      aircraftMake: null,
      aircraftModel: null,
      aircraftId: (
        await callRoute(ROUTES.aircraftAdd, {
          body: { tailNumber: uniqueTail(), make: 'Cessna', model: '172S' },
          as: owner,
        })
      ).body.id,
    });
    const past = await offer(m, created.id, { arriveBy: new Date(Date.now() - 10 * MINUTE).toISOString() });
    expect(past.status).toBe(400);
    expect(detailOf(past)).toBe('Arrival time is in the past');
    expect(detailOf(await offer(m, created.id, { calloutFeeCents: -1 }))).toBe('Call-out fee cannot be below zero');
    expect(detailOf(await offer(m, created.id, { calloutFeeCents: 10.5 }))).toBe(
      'Call-out fee must be a whole number of cents',
    );
    expect((await offer(owner, created.id)).status).toBe(403);
    expect((await offer(m, 'not-an-id')).status).toBe(404);

    // Who reads a call: the owner, the dispatched mechanic and administrators.
    expect((await callRoute(ROUTES.aogOne, { params: { id: created.id }, as: stranger })).status).toBe(404);
    expect((await callRoute(ROUTES.aogOne, { params: { id: created.id }, as: m })).status).toBe(404);
    expect((await callRoute(ROUTES.aogOne, { params: { id: created.id }, as: admin })).status).toBe(200);
    expect((await callRoute(ROUTES.aogOpen, { as: owner })).status).toBe(403);
    const made = (await offer(m, created.id)).body.id as string;
    expect(
      (await callRoute(ROUTES.aogAccept, { params: { id: created.id, offerId: made }, unchecked: {}, as: stranger }))
        .status,
    ).toBe(404);
    expect(
      (await callRoute(ROUTES.aogAccept, { params: { id: created.id, offerId: made }, unchecked: {}, as: m })).status,
    ).toBe(403);
    expect(
      (await callRoute(ROUTES.aogCancel, { params: { id: created.id }, unchecked: {}, as: stranger })).status,
    ).toBe(404);
    expect((await callRoute(ROUTES.adminAog, { as: owner })).status).toBe(403);
    expect(
      (await callRoute(ROUTES.adminAogAssign, { params: { id: created.id }, body: { mechanicId: m.id }, as: owner }))
        .status,
    ).toBe(403);

    const cancelled = await callRoute(ROUTES.aogCancel, { params: { id: created.id }, unchecked: {}, as: owner });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect((await notificationsOf(m)).filter((n) => n.type === 'aog.cancelled')).toHaveLength(1);
    expect(
      detailOf(
        await callRoute(ROUTES.aogAccept, { params: { id: created.id, offerId: made }, unchecked: {}, as: owner }),
      ),
    ).toBe('The owner cancelled this call');
  });

  it('a pending mechanic sees no calls; the mechanic setting is the mechanic’s own', async () => {
    const waiting = await mechanic('KSQL', 50, { status: 'pending' });
    expect((await callRoute(ROUTES.aogOpen, { as: waiting })).status).toBe(403);
    const owner = await createUser('pilot');
    expect((await callRoute(ROUTES.aogAvailabilitySave, { body: { available: true }, as: owner })).status).toBe(403);
    expect((await callRoute(ROUTES.aogAvailabilitySave, { unchecked: { available: 'yes' }, as: waiting })).status).toBe(
      400,
    );
  });
});

describe('the console', () => {
  it('lists open calls with their age and nearby mechanics, and phone-dispatches one', async () => {
    const owner = await createUser('pilot');
    const created = await reportAog(owner, { airport: 'KEKA' }); // Eureka: nobody within 25 mi
    expect(created.notified).toBe(0);
    const far = await mechanic('KRDD', 120); // Redding, about 100 mi: never asked at 25 mi
    const list = await callRoute(ROUTES.adminAog, { as: admin });
    expect(list.status).toBe(200);
    const item = list.body.find((i: { id: string }) => i.id === created.id);
    expect(item).toMatchObject({
      status: 'open',
      step: 0,
      radiusMiles: 25,
      notified: 0,
      offers: 0,
      owner: { callbackPhone: '(650) 555-0142' },
    });
    expect(item!.ageMinutes).toBe(0);
    expect(item!.candidates.map((c: { id: string }) => c.id)).toContain(far.id);

    const assigned = await callRoute(ROUTES.adminAogAssign, {
      params: { id: created.id },
      body: { mechanicId: far.id, calloutFeeCents: 30_000 },
      as: admin,
    });
    expect(assigned.status, assigned.text).toBe(201);
    expect(assigned.body).toMatchObject({ mechanicId: far.id, status: 'confirmed' });
    const view = await callRoute(ROUTES.aogOne, { params: { id: created.id }, as: far });
    expect(view.status).toBe(200); // the dispatched mechanic reads the call
    expect(view.body.timeline.at(-1)!.note).toMatch(
      /assigned by Skyward Mobile Aviation: on site by .*, call-out \$300\.$/,
    );
    expect(
      (await callRoute(ROUTES.adminAogAssign, { params: { id: created.id }, body: { mechanicId: far.id }, as: admin }))
        .status,
    ).toBe(409);
    expect((await callRoute(ROUTES.adminAog, { as: admin })).body.map((i: { id: string }) => i.id)).not.toContain(
      created.id,
    );
    expect((await notificationsOf(owner)).some((n) => n.type === 'aog.accepted')).toBe(true);
  });

  it('suggests airports nearest the phone first', async () => {
    const owner = await createUser('pilot');
    const near = await callRoute(ROUTES.aogAirports, { query: { lat: '37.46', lon: '-122.11' }, as: owner });
    expect(near.body.slice(0, 2)).toEqual([
      { code: 'KPAO', label: 'KPAO (Palo Alto, CA)', distanceMiles: 0 },
      { code: 'KNUQ', label: 'KNUQ (Mountain View, CA)', distanceMiles: 5 },
    ]);
    expect((await callRoute(ROUTES.aogAirports, { query: { q: 'ksq' }, as: owner })).body[0]!.code).toBe('KSQL');
    expect((await callRoute(ROUTES.aogAirports, { query: { lat: '100', lon: '0' }, as: owner })).status).toBe(400);
  });
});

describe('the job a call became', () => {
  it('closes the call as fixed when its appointment is completed, so the owner no longer reads "Mechanic assigned"', async () => {
    const m = await mechanic('KSQL', 50);
    const owner = await createUser('pilot');
    const created = await reportAog(owner);
    const o = (await offer(m, created.id)).body.id as string;
    const accepted = await callRoute(ROUTES.aogAccept, {
      params: { id: created.id, offerId: o },
      unchecked: {},
      as: owner,
    });
    expect(accepted.status, accepted.text).toBe(201);
    const job = accepted.body.id as string;
    // The mechanic works the job from its appointment card, never touching the call's own steps.
    expect((await callRoute(ROUTES.appointmentStart, { params: { id: job }, body: {}, as: m })).status).toBe(200);
    const done = await callRoute(ROUTES.appointmentComplete, {
      params: { id: job },
      body: { mechanicNotes: 'Starter solenoid replaced.' },
      as: m,
    });
    expect(done.status, done.text).toBe(200);
    const call = await callRoute(ROUTES.aogOne, { params: { id: created.id }, as: owner });
    expect(call.body.status).toBe('fixed');
    const mine = await callRoute(ROUTES.aogMine, { as: owner });
    expect((mine.body as Array<{ id: string; status: string }>).find((c) => c.id === created.id)?.status).toBe('fixed');
  });
});
