import { describe, expect, it } from 'vitest';
import { roundedMiles } from '../../src/features/marketplace/distance.ts';
import { resolveLocation } from '../../src/features/marketplace/geo/resolve.ts';

import { testDb } from '../helpers/db.ts';
import { createRequest, mechanicWithProfile, notificationsOf, validProfile } from '../helpers/marketplace.ts';
import { createUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf, errorsOf } from '../helpers/call-route.ts';

// Each test uses its own remote corner of the dataset, so mechanics made by parallel tests never
// fall inside its radii.

describe('mechanic profile: GET/POST /api/enhanced/mechanic-profile', () => {
  it('is 404 before it exists, then created with defaults, then updated', async () => {
    const mechanic = await createUser('mechanic');
    const none = await callRoute(ROUTES.mechanicProfile, { as: mechanic });
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ detail: 'Mechanic profile not found' });

    const created = await callRoute(ROUTES.mechanicProfileSave, {
      body: {
        apNumber: 'A&P 111',
        iaAuthorization: false,
        hourlyRate: '95.50',
        serviceRadius: '',
        baseLocation: 'KBZN',
      },
      as: mechanic,
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      apNumber: 'A&P 111',
      iaAuthorization: false,
      specialties: [],
      hourlyRate: 95.5,
      travelRate: null,
      serviceRadius: 50,
      baseLocation: 'KBZN',
      baseLocationLabel: 'KBZN (Bozeman, MT)',
      businessName: null,
      availableWeekdays: [1, 2, 3, 4, 5],
      preferredHours: { start: '08:00', end: '17:00' },
      rating: 5,
      ratingCount: 0,
      completedJobs: 0,
      // Asked for, not verified: an administrator verifies a certificate number (docs/decisions/0180).
      verifiedApNumber: null,
      verifiedIa: false,
      credentialsPending: true,
    });
    const updated = await callRoute(ROUTES.mechanicProfileSave, {
      body: validProfile({
        baseLocation: 'Bozeman, MT',
        serviceRadius: 120,
        specialties: ['annual_inspection', 'engine_repair'],
        businessName: 'Big Sky Aero',
      }),
      as: mechanic,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      serviceRadius: 120,
      specialties: ['annual_inspection', 'engine_repair'],
      businessName: 'Big Sky Aero',
      rating: 5,
      completedJobs: 0,
    });
    expect((await callRoute(ROUTES.mechanicProfile, { as: mechanic })).body).toEqual(updated.body);
  });

  it('refuses an unknown base location and missing required fields', async () => {
    const mechanic = await createUser('mechanic');
    const where = await callRoute(ROUTES.mechanicProfileSave, {
      body: validProfile({ baseLocation: 'Middle of nowhere' }),
      as: mechanic,
    });
    expect(where.status).toBe(400);
    expect(detailOf(where)).toBe(
      'We could not find "Middle of nowhere". Use an airport identifier such as KSJC or a US city as "San Jose, CA".',
    );
    for (const field of ['apNumber', 'hourlyRate', 'baseLocation']) {
      const res = await callRoute(ROUTES.mechanicProfileSave, { body: validProfile({ [field]: '' }), as: mechanic });
      expect(res.status, field).toBe(400);
      expect(errorsOf(res)![0]!.path).toBe(field);
    }
    const radius = await callRoute(ROUTES.mechanicProfileSave, {
      body: validProfile({ serviceRadius: '-5' }),
      as: mechanic,
    });
    expect(radius.status).toBe(400);
    expect((await callRoute(ROUTES.mechanicProfile, { as: mechanic })).status).toBe(404);
  });

  it('is for mechanics only', async () => {
    const pilot = await createUser('pilot');
    expect((await callRoute(ROUTES.mechanicProfileSave, { body: validProfile(), as: pilot })).status).toBe(403);
    expect((await callRoute(ROUTES.mechanicProfile, { as: pilot })).status).toBe(403);
    expect((await callRoute(ROUTES.mechanicProfile)).status).toBe(401);
  });
});

describe('matching', () => {
  it('matches inside and exactly on the service radius, not outside (whole miles)', async () => {
    // Bismarck to Minot, North Dakota: two dataset points with a fixed distance.
    const d = roundedMiles(resolveLocation('KBIS')!, resolveLocation('KMOT')!);
    expect(d).toBeGreaterThan(80);
    expect(d).toBeLessThan(120);
    const inside = await mechanicWithProfile({ baseLocation: 'KBIS', serviceRadius: d + 1 });
    const onEdge = await mechanicWithProfile({ baseLocation: 'KBIS', serviceRadius: d });
    const outside = await mechanicWithProfile({ baseLocation: 'KBIS', serviceRadius: d - 1 });
    const pilot = await createUser('pilot');
    const request = await createRequest(pilot, { serviceLocation: 'KMOT', aircraftLocation: 'KMOT' });
    expect(request.status).toBe('matched');
    const ids = request.matchedMechanics.map((m) => m.mechanicId);
    expect(ids).toContain(inside.id);
    expect(ids).toContain(onEdge.id);
    expect(ids).not.toContain(outside.id);
    expect(request.matchedMechanics.find((m) => m.mechanicId === onEdge.id)!.distanceMiles).toBe(d);

    const seen = await callRoute(ROUTES.requestsMatched, { as: onEdge });
    expect(seen.body.map((r: { id: string }) => r.id)).toContain(request.id);
    const notSeen = await callRoute(ROUTES.requestsMatched, { as: outside });
    expect(notSeen.body.map((r: { id: string }) => r.id)).not.toContain(request.id);
  });

  it('matches a mechanic only while approved, as the vetting says after the profile was written', async () => {
    // Matching reads "approved" from the profile, where PostgreSQL keeps it from the user
    // (docs/decisions/0299): a decision after the profile must reach it, both ways.
    const admin = await createUser('admin');
    const mechanic = await mechanicWithProfile({ baseLocation: 'KGDV', serviceRadius: 10 });
    const pilot = await createUser('pilot');
    const where = { serviceLocation: 'KGDV', aircraftLocation: 'KGDV' };
    const matchedNow = async () =>
      (await createRequest(pilot, where)).matchedMechanics.map((m) => m.mechanicId).includes(mechanic.id);
    expect(await matchedNow()).toBe(true);

    const rejected = await callRoute(ROUTES.adminMechanicReject, {
      params: { id: mechanic.id },
      body: { reason: 'Certificate number not found in the FAA registry.' },
      as: admin,
    });
    expect(rejected.status, rejected.text).toBe(200);
    expect(await matchedNow()).toBe(false);

    const approved = await callRoute(ROUTES.adminMechanicApprove, {
      params: { id: mechanic.id },
      body: { apNumber: 'A&P 3456789', iaAuthorization: true, verifyIa: true },
      as: admin,
    });
    expect(approved.status, approved.text).toBe(200);
    expect(await matchedNow()).toBe(true);
  });

  it('lists matched mechanics nearest first', async () => {
    // Airports no other suite uses: the answer lists the nearest few, and other files' mechanics
    // at a shared airport would be as near as this one.
    const near = await mechanicWithProfile({ baseLocation: 'KALW', serviceRadius: 400 });
    const far = await mechanicWithProfile({ baseLocation: 'KYKM', serviceRadius: 400 });
    const pilot = await createUser('pilot');
    const request = await createRequest(pilot, { serviceLocation: 'KALW', aircraftLocation: 'KALW' });
    const ids = request.matchedMechanics.map((m) => m.mechanicId);
    expect(ids.indexOf(near.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(near.id)).toBeLessThan(ids.indexOf(far.id));
    const distances = request.matchedMechanics.map((m) => m.distanceMiles);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('matches a mechanic the customer will fly to, within the customer’s max travel distance', async () => {
    // Service at the mechanic's shop in Wendover, Utah; the aircraft sits in Lovelock, Nevada. No
    // other file works near either (the answer lists the nearest few matches: another file's
    // mechanics near Cheyenne and Casper pushed this one out once).
    const d = roundedMiles(resolveLocation('KLOL')!, resolveLocation('KENV')!);
    const shop = await mechanicWithProfile({ baseLocation: 'KENV', serviceRadius: 1 });
    const pilot = await createUser('pilot');
    const staying = await createRequest(pilot, {
      serviceLocation: 'KLOL',
      aircraftLocation: 'KLOL',
      customerWillTravel: false,
      maxTravelDistance: d,
    });
    expect(staying.matchedMechanics.map((m) => m.mechanicId)).not.toContain(shop.id);
    const flying = await createRequest(pilot, {
      serviceLocation: 'KLOL',
      aircraftLocation: 'KLOL',
      customerWillTravel: true,
      maxTravelDistance: d,
    });
    expect(flying.matchedMechanics.find((m) => m.mechanicId === shop.id)?.distanceMiles).toBe(d);
    const tooFar = await createRequest(pilot, {
      serviceLocation: 'KLOL',
      aircraftLocation: 'KLOL',
      customerWillTravel: true,
      maxTravelDistance: d - 1,
    });
    expect(tooFar.matchedMechanics.map((m) => m.mechanicId)).not.toContain(shop.id);
  });

  it('keeps a request pending with no mechanic in range, then matches it when a profile is created', async () => {
    const pilot = await createUser('pilot');
    const request = await createRequest(pilot, { serviceLocation: 'PAOM', aircraftLocation: 'PAOM' });
    expect(request).toMatchObject({ status: 'pending', matchedMechanics: [] });

    const mechanic = await mechanicWithProfile({ baseLocation: 'PAOM', serviceRadius: 20 });
    const after = await callRoute(ROUTES.request, { params: { id: request.id }, as: pilot });
    expect(after.body.status).toBe('matched');
    expect(after.body.matchedMechanics.map((m: { mechanicId: string }) => m.mechanicId)).toEqual([mechanic.id]);
    const list = await callRoute(ROUTES.requestsMatched, { as: mechanic });
    expect(list.body).toEqual([
      expect.objectContaining({ id: request.id, status: 'matched', customerName: 'Pilot Tester', distanceMiles: 0 }),
    ]);
    expect((await notificationsOf(mechanic))[0]).toMatchObject({ title: 'New service request', isRead: false });
    expect((await notificationsOf(pilot))[0]).toMatchObject({ title: 'Mechanics matched' });
  });

  it('matches a waiting request when a mechanic widens the radius, and unmatches on narrowing', async () => {
    const d = roundedMiles(resolveLocation('PAJN')!, resolveLocation('PASI')!);
    const mechanic = await mechanicWithProfile({ baseLocation: 'PAJN', serviceRadius: d - 10 });
    const pilot = await createUser('pilot');
    const request = await createRequest(pilot, { serviceLocation: 'PASI', aircraftLocation: 'PASI' });
    expect(request.status).toBe('pending');

    await callRoute(ROUTES.mechanicProfileSave, {
      body: validProfile({ baseLocation: 'PAJN', serviceRadius: d + 10 }),
      as: mechanic,
    });
    const widened = await callRoute(ROUTES.request, { params: { id: request.id }, as: pilot });
    expect(widened.body.status).toBe('matched');
    expect(widened.body.matchedMechanics[0]).toMatchObject({ mechanicId: mechanic.id, distanceMiles: d });

    await callRoute(ROUTES.mechanicProfileSave, {
      body: validProfile({ baseLocation: 'PAJN', serviceRadius: d - 10 }),
      as: mechanic,
    });
    const narrowed = await callRoute(ROUTES.request, { params: { id: request.id }, as: pilot });
    expect(narrowed.body).toMatchObject({ status: 'pending', matchedMechanics: [] });
  });

  it('sends one summary instead of a flood when a new profile matches many waiting requests', async () => {
    const pilot = await createUser('pilot');
    for (let i = 0; i < 4; i += 1) await createRequest(pilot, { serviceLocation: 'PABR', aircraftLocation: 'PABR' });
    const mechanic = await mechanicWithProfile({ baseLocation: 'PABR', serviceRadius: 5 });
    const notes = await notificationsOf(mechanic);
    expect(notes.filter((n) => n.type === 'request.matched')).toEqual([
      expect.objectContaining({
        title: 'New service requests',
        message: '4 open service requests now match your profile.',
      }),
    ]);
    expect((await callRoute(ROUTES.requestsMatched, { as: mechanic })).body).toHaveLength(4);
  });

  it('notifies each matched mechanic once', async () => {
    const a = await mechanicWithProfile({ baseLocation: 'KFAR', serviceRadius: 30 });
    const b = await mechanicWithProfile({ baseLocation: 'KFAR', serviceRadius: 30 });
    const pilot = await createUser('pilot');
    const request = await createRequest(pilot, { serviceLocation: 'Fargo, ND', aircraftLocation: 'Fargo, ND' });
    for (const m of [a, b]) {
      const rows = await testDb()
        .selectFrom('notifications')
        .select('message')
        .where('userId', '=', m.id)
        .where('type', '=', 'request.matched')
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.message).toMatch(
        /^Annual Inspection for a Cessna 172S Skyhawk at Fargo, ND, \d+ mi from your base\.$/,
      );
    }
    expect(request.matchedMechanics.length).toBeGreaterThanOrEqual(2);
  });
});
