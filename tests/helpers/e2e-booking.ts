import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { approveMechanicAsAdmin, uniqueCertificateNumber } from './e2e-admin.ts';
import { openSignedIn, type ApiSession } from './e2e-session.ts';
import { tailNumber } from './tail-number.ts';

// Accounts for the booking specs, made through the API: an approved mechanic with a profile at an
// airport, an owner with a 172 based there, a bookable calendar and rate, and a booking.

export const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
export const PASSWORD = 'Checklist-Complete-1';

export async function register(request: APIRequestContext, role: 'pilot' | 'mechanic', location: string) {
  const email = `booking.${role}.${stamp()}@example.com`;
  const res = await request.post('/api/auth/register', {
    data: {
      role,
      firstName: role === 'pilot' ? 'Owen' : 'Mara',
      lastName: `Booker${stamp().slice(-4)}`,
      email,
      password: PASSWORD,
      location,
    },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as ApiSession & { access_token: string; user: { id: string } };
  return { email, token: body.access_token, id: body.user.id, session: body };
}

/** Opens the dashboard signed in, as the sign-in form leaves a browser (the form itself: tests/e2e/auth.spec.ts). */
export async function signIn(page: Page, who: { session: ApiSession }) {
  await openSignedIn(page, who.session);
}

export async function mechanicAt(request: APIRequestContext, airport: string) {
  const mechanic = await register(request, 'mechanic', airport);
  await approveMechanicAsAdmin(request, mechanic.id);
  const auth = { authorization: `Bearer ${mechanic.token}` };
  // One name per mechanic: a retried test makes a second mechanic at the same airport.
  const businessName = `Mara’s Mobile Annuals ${airport} ${stamp().slice(-5, -1)}`;
  const profile = await request.post('/api/enhanced/mechanic-profile', {
    headers: auth,
    data: {
      apNumber: `A&P ${uniqueCertificateNumber()}`,
      iaAuthorization: true,
      hourlyRate: '115',
      serviceRadius: '5',
      baseLocation: airport,
      businessName,
    },
  });
  expect(profile.status()).toBe(201);
  return { ...mechanic, auth, businessName };
}

export async function ownerWithPlane(request: APIRequestContext, airport: string) {
  const owner = await register(request, 'pilot', airport);
  const tail = tailNumber(stamp(), 'B');
  const plane = await request.post('/api/aircraft', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: {
      tailNumber: tail,
      make: 'Cessna',
      model: '172S Skyhawk',
      year: '2004',
      totalHours: '2100',
      homeAirport: airport,
    },
  });
  expect(plane.status()).toBe(201);
  return { ...owner, tail, aircraftId: ((await plane.json()) as { id: string }).id };
}

/** A Monday-Friday calendar in Pacific time and a $1,850 two-day flat-rate annual for fixed-gear singles. */
export async function makeBookable(request: APIRequestContext, mechanic: { auth: Record<string, string> }) {
  const put = (path: string, data: unknown) => request.put(path, { headers: mechanic.auth, data });
  const availability = await put('/api/enhanced/mechanic-profile/availability', {
    timeZone: 'America/Los_Angeles',
    weekly: [1, 2, 3, 4, 5].map((d) => ({ day: d, start: '08:00', end: '17:00' })),
    timeOff: [],
    maxConcurrentJobs: 1,
  });
  expect(availability.status()).toBe(200);
  const rates = await put('/api/enhanced/mechanic-profile/rates', [
    {
      serviceType: 'annual_inspection',
      aircraftClass: 'single_piston_fixed',
      priceCents: 185_000,
      days: 2,
      includes: 'Annual inspection',
    },
  ]);
  expect(rates.status()).toBe(200);
}

/** The owner books the mechanic's first open start by API: the confirmed appointment's id and its start. */
export async function bookByApi(
  request: APIRequestContext,
  owner: { token: string },
  mechanicId: string,
  aircraftId: string,
): Promise<{ id: string; start: string }> {
  const auth = { authorization: `Bearer ${owner.token}` };
  const offers = await request.get(`/api/booking/offers?aircraftId=${aircraftId}&serviceType=annual_inspection`, {
    headers: auth,
  });
  expect(offers.status()).toBe(200);
  const offer = ((await offers.json()) as Array<{ mechanicId: string; openStarts: string[] }>).find(
    (o) => o.mechanicId === mechanicId,
  )!;
  const held = await request.post('/api/booking/holds', {
    headers: auth,
    data: { mechanicId, aircraftId, serviceType: 'annual_inspection', start: offer.openStarts[0] },
  });
  expect(held.status()).toBe(201);
  const confirmed = await request.post(`/api/booking/holds/${((await held.json()) as { id: string }).id}/confirm`, {
    headers: auth,
  });
  expect(confirmed.status()).toBe(201);
  return { id: ((await confirmed.json()) as { id: string }).id, start: offer.openStarts[0]! };
}
