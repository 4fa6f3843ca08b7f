import { describe, expect, it } from 'vitest';
import { testDb } from '../helpers/db.ts';
import { bid, createRequest, mechanicWithProfile, notificationsOf, validBid } from '../helpers/marketplace.ts';
import { createUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, errorsOf, detailOf } from '../helpers/call-route.ts';

// Bids, accepting one, cancelling. Requests sit in the Texas panhandle and west Texas, where no
// other suite places mechanics.

async function openRequest(place = 'KAMA') {
  const pilot = await createUser('pilot', { firstName: 'Olive', lastName: 'Owner' });
  const mechanic = await mechanicWithProfile(
    { baseLocation: place, serviceRadius: 15 },
    { firstName: 'Mia', lastName: 'Wrench' },
  );
  const request = await createRequest(pilot, { serviceLocation: place, aircraftLocation: place });
  return { pilot, mechanic, request };
}

describe('bids: POST /api/enhanced/quotes/{id}/bid', () => {
  it('stores a matched mechanic’s quote with the total computed by the server, and the request becomes quoted', async () => {
    const { pilot, mechanic, request } = await openRequest();
    const res = await callRoute(ROUTES.requestBid, {
      params: { id: request.id },
      body: validBid({ laborCost: '1200.10', partsCost: '300.20', totalCost: 99999 }),
      as: mechanic,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      serviceRequestId: request.id,
      mechanicId: mechanic.id,
      mechanicName: 'Mia Wrench',
      laborCost: 1200.1,
      partsCost: 300.2,
      totalCost: 1500.3,
      estimatedHours: 12.5,
      availableStartDate: '2030-05-02',
      estimatedCompletionDate: '2030-05-04',
      warrantyPeriod: 90,
      status: 'pending',
      mechanicRating: 5,
      mechanicRatingCount: 0,
      mechanicCompletedJobs: 0,
    });

    const asPilot = await callRoute(ROUTES.requestsOwn, { as: pilot });
    const mine = asPilot.body.find((r: { id: string }) => r.id === request.id);
    expect(mine!.status).toBe('quoted');
    expect(mine!.quotes).toEqual([
      expect.objectContaining({
        mechanicName: 'Mia Wrench',
        totalCost: 1500.3,
        estimatedHours: 12.5,
        availableStartDate: '2030-05-02',
        warrantyPeriod: 90,
        mechanicRating: 5,
        mechanicRatingCount: 0,
        mechanicCompletedJobs: 0,
      }),
    ]);
    const asMechanic = await callRoute(ROUTES.requestsMatched, { as: mechanic });
    expect(asMechanic.body.find((r: { id: string }) => r.id === request.id)).toMatchObject({
      status: 'quoted',
      myQuote: { totalCost: 1500.3 },
    });
    expect((await notificationsOf(pilot))[0]).toMatchObject({
      title: 'New quote received',
      message: 'Mia Wrench quoted $1,500.30 for the Annual Inspection on ' + mine!.aircraftTailNumber + '.',
    });
  });

  it('counts empty parts as 0 and defaults the warranty to 90 days', async () => {
    const { mechanic, request } = await openRequest('KLBB');
    const { warrantyPeriod: _w, ...withoutWarranty } = validBid({ partsCost: '' });
    const res = await callRoute(ROUTES.requestBid, { params: { id: request.id }, body: withoutWarranty, as: mechanic });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ laborCost: 1200, partsCost: 0, totalCost: 1200, warrantyPeriod: 90 });
  });

  it('validates hours in steps of 0.5, money to the cent, and the dates in order', async () => {
    const { mechanic, request } = await openRequest('KMAF');
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ estimatedHours: '1.25' }, 'estimatedHours', /steps of 0\.5/],
      [{ estimatedHours: '0' }, 'estimatedHours', /more than 0/],
      [{ laborCost: '' }, 'laborCost', /is required/],
      [{ laborCost: '-1' }, 'laborCost', /at least 0/],
      [{ partsCost: '1.001' }, 'partsCost', /2 decimal places/],
      [{ warrantyPeriod: 30.5 }, 'warrantyPeriod', /whole number/],
      [{ availableStartDate: '' }, 'availableStartDate', /is required/],
      [{ estimatedCompletionDate: '2030-05-01' }, 'estimatedCompletionDate', /cannot be before/],
    ];
    for (const [override, path, message] of cases) {
      const res = await callRoute(ROUTES.requestBid, {
        params: { id: request.id },
        body: validBid(override),
        as: mechanic,
      });
      expect(res.status, JSON.stringify(override)).toBe(400);
      expect(errorsOf(res)![0]!.path).toBe(path);
      expect(errorsOf(res)![0]!.message).toMatch(message);
    }
    const sameDay = await callRoute(ROUTES.requestBid, {
      params: { id: request.id },
      body: validBid({ estimatedCompletionDate: '2030-05-02' }),
      as: mechanic,
    });
    expect(sameDay.status).toBe(201);
  });

  it('allows one quote per mechanic per request', async () => {
    const { mechanic, request } = await openRequest('KABI');
    await bid(mechanic, request.id);
    const again = await callRoute(ROUTES.requestBid, { params: { id: request.id }, body: validBid(), as: mechanic });
    expect(again.status).toBe(409);
    expect(detailOf(again)).toBe('You have already submitted a quote for this service request');
  });

  it('refuses mechanics who were not matched, pilots, and unknown requests', async () => {
    const { pilot, request } = await openRequest('KSJT');
    const stranger = await mechanicWithProfile({ baseLocation: 'PANC', serviceRadius: 10 });
    const res = await callRoute(ROUTES.requestBid, { params: { id: request.id }, body: validBid(), as: stranger });
    expect(res.status).toBe(403);
    expect(detailOf(res)).toBe('You can only quote on service requests matched to your profile');
    expect(
      (await callRoute(ROUTES.requestBid, { params: { id: request.id }, body: validBid(), as: pilot })).status,
    ).toBe(403);
    expect(
      (
        await callRoute(ROUTES.requestBid, {
          params: { id: '00000000-0000-4000-8000-000000000000' },
          body: validBid(),
          as: stranger,
        })
      ).status,
    ).toBe(404);
    expect(
      (await callRoute(ROUTES.requestBid, { params: { id: 'nope' }, body: validBid(), as: stranger })).status,
    ).toBe(404);
  });

  it('refuses quotes on a cancelled or completed request with a 409 detail', async () => {
    const { pilot, mechanic, request } = await openRequest('KELP');
    await callRoute(ROUTES.requestCancel, { params: { id: request.id }, unchecked: {}, as: pilot });
    const res = await callRoute(ROUTES.requestBid, { params: { id: request.id }, body: validBid(), as: mechanic });
    expect(res.status).toBe(409);
    expect(detailOf(res)).toBe('This service request was cancelled and no longer accepts quotes');

    const other = await openRequest('KELP');
    await testDb()
      .updateTable('serviceRequests')
      .set({ status: 'completed' })
      .where('id', '=', other.request.id)
      .execute();
    const late = await callRoute(ROUTES.requestBid, {
      params: { id: other.request.id },
      body: validBid(),
      as: other.mechanic.token,
    });
    expect(late.status).toBe(409);
    expect(detailOf(late)).toBe('This service request is completed and no longer accepts quotes');
  });
});

describe('accepting a bid: POST /api/enhanced/quotes/{id}/accept', () => {
  it('approves the request, schedules an appointment, declines the other bids and tells everyone', async () => {
    const { pilot, mechanic, request } = await openRequest('KAMA');
    const rival = await mechanicWithProfile({
      baseLocation: 'KAMA',
      serviceRadius: 15,
      preferredHours: { start: '07:30', end: '16:00' },
    });
    // The rival joined after the request was made: matched by its profile creation.
    const chosen = await bid(mechanic, request.id, {
      estimatedHours: '6.5',
      availableStartDate: '2030-06-10',
      estimatedCompletionDate: '2030-06-11',
    });
    const lost = await bid(rival, request.id);

    const res = await callRoute(ROUTES.requestAccept, {
      params: { id: request.id },
      body: { bidId: chosen.id },
      as: pilot,
    });
    expect(res.status).toBe(200);
    expect(res.body.request.status).toBe('approved');
    expect(res.body.request.quotes.map((q: { id: string; status: string }) => [q.id, q.status]).sort()).toEqual(
      [
        [chosen.id, 'accepted'],
        [lost.id, 'declined'],
      ].sort(),
    );
    expect(res.body.appointment).toMatchObject({
      serviceRequestId: request.id,
      bidId: chosen.id,
      status: 'scheduled',
      scheduledDate: '2030-06-10',
      scheduledTime: '08:00',
      estimatedDuration: 6.5,
      serviceLocation: 'KAMA',
      mechanicName: 'Mia Wrench',
      customerName: 'Olive Owner',
      totalCost: chosen.totalCost,
      actualStartTime: null,
      rating: null,
    });
    expect((await notificationsOf(mechanic))[0]).toMatchObject({
      title: 'Quote accepted',
      message: expect.stringContaining('Your quote starts Jun 10, 2030: please propose times for the appointment.'),
    });
    expect((await notificationsOf(rival))[0]).toMatchObject({ title: 'Quote not selected' });

    const appointments = await callRoute(ROUTES.appointmentsOwn, { as: pilot });
    expect(appointments.body).toEqual([expect.objectContaining({ id: res.body.appointment.id, status: 'scheduled' })]);
    const theirs = await callRoute(ROUTES.appointmentsAssigned, { as: mechanic });
    expect(theirs.body.map((a: { id: string }) => a.id)).toEqual([res.body.appointment.id]);

    const twice = await callRoute(ROUTES.requestAccept, {
      params: { id: request.id },
      body: { bidId: lost.id },
      as: pilot,
    });
    expect(twice.status).toBe(409);
    expect(detailOf(twice)).toBe('A quote has already been accepted for this service request');
  });

  it('lets exactly one of two simultaneous accepts win', async () => {
    const { pilot, mechanic, request } = await openRequest('KLBB');
    const rival = await mechanicWithProfile({ baseLocation: 'KLBB', serviceRadius: 15 });
    const [a, b] = [await bid(mechanic, request.id), await bid(rival, request.id)];
    const results = await Promise.all([
      callRoute(ROUTES.requestAccept, { params: { id: request.id }, body: { bidId: a.id }, as: pilot }),
      callRoute(ROUTES.requestAccept, { params: { id: request.id }, body: { bidId: b.id }, as: pilot }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const bids = await testDb()
      .selectFrom('bids')
      .select(['id', 'status'])
      .where('serviceRequestId', '=', request.id)
      .execute();
    expect(bids.filter((x) => x.status === 'accepted')).toHaveLength(1);
    expect(bids.filter((x) => x.status === 'declined')).toHaveLength(1);
    const appointments = await testDb()
      .selectFrom('appointments')
      .select('bidId')
      .where('serviceRequestId', '=', request.id)
      .execute();
    expect(appointments).toEqual([{ bidId: bids.find((x) => x.status === 'accepted')!.id }]);
  });

  it('is for the owning pilot only, on a quoted request, with a bid of that request', async () => {
    const { pilot, mechanic, request } = await openRequest('KMAF');
    const early = await callRoute(ROUTES.requestAccept, {
      params: { id: request.id },
      body: { bidId: '00000000-0000-4000-8000-000000000000' },
      as: pilot,
    });
    expect(early.status).toBe(409);
    expect(detailOf(early)).toBe('This service request has no quotes to accept yet');
    const quote = await bid(mechanic, request.id);

    const stranger = await createUser('pilot');
    expect(
      (await callRoute(ROUTES.requestAccept, { params: { id: request.id }, body: { bidId: quote.id }, as: stranger }))
        .status,
    ).toBe(404);
    expect(
      (await callRoute(ROUTES.requestAccept, { params: { id: request.id }, body: { bidId: quote.id }, as: mechanic }))
        .status,
    ).toBe(403);
    const missing = await callRoute(ROUTES.requestAccept, {
      params: { id: request.id },
      body: { bidId: '00000000-0000-4000-8000-000000000000' },
      as: pilot,
    });
    expect(missing.status).toBe(404);
    expect(detailOf(missing)).toBe('Quote not found for this service request');
    const noBody = await callRoute(ROUTES.requestAccept, { params: { id: request.id }, unchecked: {}, as: pilot });
    expect(noBody.status).toBe(400);
    expect(errorsOf(noBody)![0]!.path).toBe('bidId');

    const otherRequest = await createRequest(pilot, { serviceLocation: 'KMAF', aircraftLocation: 'KMAF' });
    const foreign = await callRoute(ROUTES.requestAccept, {
      params: { id: otherRequest.id },
      body: { bidId: quote.id },
      as: pilot,
    });
    expect(foreign.status).toBe(409);
  });
});

describe('cancelling: POST /api/enhanced/quotes/{id}/cancel', () => {
  it('cancels an approved request and its appointment, and tells the mechanics', async () => {
    const { pilot, mechanic, request } = await openRequest('KABI');
    const quote = await bid(mechanic, request.id);
    const accepted = await callRoute(ROUTES.requestAccept, {
      params: { id: request.id },
      body: { bidId: quote.id },
      as: pilot,
    });
    const res = await callRoute(ROUTES.requestCancel, { params: { id: request.id }, unchecked: {}, as: pilot });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('cancelled');
    const appointment = await testDb()
      .selectFrom('appointments')
      .select('status')
      .where('id', '=', accepted.body.appointment.id)
      .executeTakeFirstOrThrow();
    expect(appointment.status).toBe('cancelled');
    expect((await notificationsOf(mechanic))[0]).toMatchObject({ title: 'Service request cancelled' });
    const again = await callRoute(ROUTES.requestCancel, { params: { id: request.id }, unchecked: {}, as: pilot });
    expect(again.status).toBe(409);
    expect(detailOf(again)).toBe('This service request is already cancelled');
  });

  it('refuses once work has started, and refuses anyone but the owner', async () => {
    const { pilot, mechanic, request } = await openRequest('KSJT');
    expect(
      (
        await callRoute(ROUTES.requestCancel, {
          params: { id: request.id },
          unchecked: {},
          as: (await createUser('pilot')).token,
        })
      ).status,
    ).toBe(404);
    expect(
      (await callRoute(ROUTES.requestCancel, { params: { id: request.id }, unchecked: {}, as: mechanic })).status,
    ).toBe(403);
    await testDb().updateTable('serviceRequests').set({ status: 'in_progress' }).where('id', '=', request.id).execute();
    const res = await callRoute(ROUTES.requestCancel, { params: { id: request.id }, unchecked: {}, as: pilot });
    expect(res.status).toBe(409);
    expect(detailOf(res)).toBe('Work on this service request has started, so it can no longer be cancelled');
  });
});
