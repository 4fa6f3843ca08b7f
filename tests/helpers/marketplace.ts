import type { InputOf } from '../../src/contract/routes/route.ts';
import type { ROUTES } from '../../src/contract/routes.ts';
import { api } from './api.ts';
import { createUser, verifyCredentials, type TestUser } from './users.ts';

let tail = 0;
/** The letters an N-number may end with: never I or O (src/contract/registration.ts). */
const MARK_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * A tail number no other test uses (the owner-plus-tail pair is unique), and a valid N-number:
 * the process's two digits, then the count as three digits, two digits and a letter, or a digit
 * and two letters (9,160 a process). The API tests share a worker's module state across files, so
 * a worker counts past a hundred: cut to six characters, the old form gave the 110th to 119th the
 * same N12011, and one owner's second aircraft was refused as a duplicate of the first.
 */
export function uniqueTail(): string {
  tail += 1;
  let n = tail - 1;
  let suffix: string;
  if (n < 1000) suffix = String(n).padStart(3, '0');
  else if ((n -= 1000) < 2400) suffix = `${String(Math.floor(n / 24)).padStart(2, '0')}${MARK_LETTERS[n % 24]}`;
  else if ((n -= 2400) < 5760)
    suffix = `${Math.floor(n / 576)}${MARK_LETTERS[Math.floor(n / 24) % 24]}${MARK_LETTERS[n % 24]}`;
  else throw new Error('uniqueTail: more than 9,160 tail numbers in one process');
  return `N${(process.pid % 90) + 10}${suffix}`;
}

type RequestInput = InputOf<typeof ROUTES.requestCreate>;

/**
 * A service request as the owner's form sends it: typed as the route's input when the overrides fit
 * it (sent as `body`), a loose object for `unchecked` when a refusal test's override does not.
 */
export function validRequest(overrides?: Partial<RequestInput>): RequestInput;
export function validRequest(overrides: Record<string, unknown>): Record<string, unknown>;
export function validRequest(overrides: Record<string, unknown> = {}): RequestInput | Record<string, unknown> {
  return {
    aircraftMake: 'Cessna',
    aircraftModel: '172S Skyhawk',
    aircraftYear: '2008',
    aircraftTailNumber: uniqueTail(),
    aircraftTotalHours: '2100.5',
    aircraftLocation: 'KPAO',
    serviceType: 'annual_inspection',
    serviceDescription: 'Annual inspection due next month; oil seepage at the rocker covers.',
    urgencyLevel: 'normal',
    preferredStartDate: '2030-05-01',
    serviceLocation: 'KPAO',
    customerWillTravel: false,
    maxTravelDistance: '50',
    estimatedBudget: '2500',
    ...overrides,
  };
}

export function validProfile(overrides: Record<string, unknown> = {}) {
  return {
    apNumber: 'A&P 3456789',
    iaAuthorization: true,
    hourlyRate: '115',
    serviceRadius: '100',
    baseLocation: 'KSJC',
    ...overrides,
  };
}

export function validBid(overrides: Record<string, unknown> = {}) {
  return {
    laborCost: '1200',
    partsCost: '300.50',
    totalCost: '1',
    estimatedHours: '12.5',
    availableStartDate: '2030-05-02',
    estimatedCompletionDate: '2030-05-04',
    notes: 'Includes compression check.',
    warrantyPeriod: 90,
    ...overrides,
  };
}

export async function mechanicWithProfile(
  profile: Record<string, unknown> = {},
  names: { firstName?: string; lastName?: string } = {},
): Promise<TestUser> {
  const mechanic = await createUser('mechanic', names);
  const res = await api.post('/api/enhanced/mechanic-profile', validProfile(profile), { token: mechanic.token });
  if (res.status !== 201) throw new Error(`profile: ${res.status} ${res.text}`);
  // Vetted mechanics of the suites hold the credentials their profile gives (docs/decisions/0180).
  await verifyCredentials(mechanic.id);
  return mechanic;
}

export async function createRequest(pilot: TestUser, overrides: Record<string, unknown> = {}) {
  const res = await api.post('/api/enhanced/quotes', validRequest(overrides), { token: pilot.token });
  if (res.status !== 201) throw new Error(`request: ${res.status} ${res.text}`);
  return res.body as {
    id: string;
    status: string;
    matchedMechanics: Array<{ mechanicId: string; distanceMiles: number }>;
  };
}

export async function bid(mechanic: TestUser, requestId: string, overrides: Record<string, unknown> = {}) {
  const res = await api.post(`/api/enhanced/quotes/${requestId}/bid`, validBid(overrides), { token: mechanic.token });
  if (res.status !== 201) throw new Error(`bid: ${res.status} ${res.text}`);
  return res.body as { id: string; totalCost: number };
}

/** A pilot's request with one accepted bid: returns everyone and the appointment id. */
export async function scheduledJob(location = 'KPAO') {
  const pilot = await createUser('pilot');
  const mechanic = await mechanicWithProfile({ baseLocation: location, serviceRadius: '5' });
  const request = await createRequest(pilot, { serviceLocation: location, aircraftLocation: location });
  const quote = await bid(mechanic, request.id);
  const accepted = await api.post(
    `/api/enhanced/quotes/${request.id}/accept`,
    { bidId: quote.id },
    { token: pilot.token },
  );
  if (accepted.status !== 200) throw new Error(`accept: ${accepted.status} ${accepted.text}`);
  return { pilot, mechanic, request, quote, appointmentId: accepted.body.appointment.id as string };
}

export async function notificationsOf(user: TestUser, query = '') {
  const res = await api.get(`/api/enhanced/notifications${query}`, { token: user.token });
  return res.body as Array<{ id: string; title: string; message: string; isRead: boolean; type: string }>;
}
