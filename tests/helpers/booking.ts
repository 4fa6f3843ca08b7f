import { expect } from 'vitest';
import type { InputOf } from '../../src/contract/routes/route.ts';
import type { ROUTES } from '../../src/contract/routes.ts';
import { api } from './api.ts';
import { mechanicWithProfile, uniqueTail } from './marketplace.ts';
import { createUser, type TestUser } from './users.ts';
import { addDays } from '../../src/features/booking/calendar.ts';
import { todayIn } from '../../src/contract/zoned-time.ts';

export const WEEKDAYS_8_TO_5 = [1, 2, 3, 4, 5].map((day) => ({ day, start: '08:00', end: '17:00' }));

type RateInput = InputOf<typeof ROUTES.bookingRatesSave>[number];

/**
 * A flat-rate annual for fixed-gear singles as the rates form sends it: typed as the route's input
 * when the overrides fit it (sent as `body`), a loose object for `unchecked` when they do not.
 */
export function annualRate(over?: Partial<RateInput>): RateInput;
export function annualRate(over: Record<string, unknown>): Record<string, unknown>;
export function annualRate(over: Record<string, unknown> = {}): RateInput | Record<string, unknown> {
  return {
    serviceType: 'annual_inspection',
    aircraftClass: 'single_piston_fixed',
    priceCents: 185_000,
    includes: 'Annual inspection and logbook entries',
    days: 2,
    ...over,
  };
}

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

export type PagedOffer = { mechanicId: string; priceCents: number; distanceMiles: number; openStarts: string[] };

/** Every offer for the owner's aircraft, walking the pages `limit` at a time (from `from` when given). */
export async function offerPages(
  token: string,
  aircraftId: string,
  limit: number,
  from?: string,
): Promise<PagedOffer[]> {
  const out: PagedOffer[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 50; guard += 1) {
    const res: Awaited<ReturnType<typeof api.get>> = await api.get(
      `/api/booking/offers?aircraftId=${aircraftId}&serviceType=annual_inspection&limit=${limit}${from ? `&from=${from}` : ''}${cursor ? `&cursor=${cursor}` : ''}`,
      { token },
    );
    expect(res.status, res.text).toBe(200);
    expect((res.body as PagedOffer[]).length).toBeLessThanOrEqual(limit);
    out.push(...(res.body as PagedOffer[]));
    cursor = res.headers.get('x-next-cursor');
    if (!cursor) return out;
  }
  throw new Error('More pages than mechanics');
}

/** The contract's order of offers: soonest first open start (none last), lower price, nearer, mechanic id. */
export const offerOrderKey = (o: PagedOffer) =>
  [
    o.openStarts[0] ?? '9999-12-31',
    String(o.priceCents).padStart(12, '0'),
    o.distanceMiles.toFixed(1).padStart(8, '0'),
    o.mechanicId,
  ].join('|');
