import { expect } from 'vitest';
import { api } from './api.ts';
import { mechanicWithProfile, uniqueTail } from './marketplace.ts';
import { createUser, type TestUser } from './users.ts';
import { addDays } from '../../src/features/booking/calendar.ts';
import { todayIn } from '../../src/features/marketplace/schedule/zoned-time.ts';

export const WEEKDAYS_8_TO_5 = [1, 2, 3, 4, 5].map((day) => ({ day, start: '08:00', end: '17:00' }));

export const annualRate = (over: Record<string, unknown> = {}) => ({
  serviceType: 'annual_inspection',
  aircraftClass: 'single_piston_fixed',
  priceCents: 185_000,
  includes: 'Annual inspection and logbook entries',
  days: 2,
  ...over,
});

/** A vetted mechanic at `airport` (Mountain time) with a flat-rate annual for fixed-gear singles and an open calendar. */
export async function bookableMechanic(airport: string, availability: Record<string, unknown> = {}) {
  const mechanic = await mechanicWithProfile({ baseLocation: airport, serviceRadius: '5' });
  expect(
    (await api.put('/api/enhanced/mechanic-profile/rates', [annualRate()], { token: mechanic.token })).status,
  ).toBe(200);
  const saved = await api.put(
    '/api/enhanced/mechanic-profile/availability',
    { timeZone: 'America/Denver', weekly: WEEKDAYS_8_TO_5, timeOff: [], maxConcurrentJobs: 1, ...availability },
    { token: mechanic.token },
  );
  expect(saved.status, saved.text).toBe(200);
  return mechanic;
}

export async function ownerWithPlane(airport: string) {
  const owner = await createUser('pilot');
  const plane = await api.post(
    '/api/aircraft',
    { tailNumber: uniqueTail(), make: 'Cessna', model: '172S', year: '2004', totalHours: '2100', homeAirport: airport },
    { token: owner.token },
  );
  expect(plane.status).toBe(201);
  return { owner, aircraftId: plane.body.id as string, tailNumber: plane.body.tailNumber as string };
}

/** The mechanic's open starts for this owner's aircraft, from `daysAhead` days on. */
export async function openStartsOf(
  owner: TestUser,
  aircraftId: string,
  mechanicId: string,
  daysAhead = 1,
): Promise<string[]> {
  const from = addDays(todayIn('America/Denver'), daysAhead);
  const res = await api.get(`/api/booking/offers?aircraftId=${aircraftId}&serviceType=annual_inspection&from=${from}`, {
    token: owner.token,
  });
  expect(res.status, res.text).toBe(200);
  return (
    (res.body as Array<{ mechanicId: string; openStarts: string[] }>).find((o) => o.mechanicId === mechanicId)
      ?.openStarts ?? []
  );
}

/** Holds and confirms a start: the booked appointment. */
export async function book(
  owner: TestUser,
  aircraftId: string,
  mechanicId: string,
  start: string,
  extra: Record<string, unknown> = {},
) {
  const held = await api.post(
    '/api/booking/holds',
    { mechanicId, aircraftId, serviceType: 'annual_inspection', start, ...extra },
    { token: owner.token },
  );
  expect(held.status, held.text).toBe(201);
  const confirmed = await api.post(`/api/booking/holds/${held.body.id}/confirm`, {}, { token: owner.token });
  expect(confirmed.status, confirmed.text).toBe(201);
  return confirmed.body;
}
