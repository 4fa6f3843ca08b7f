import { describe, expect, it } from 'vitest';
import { api } from '../helpers/api.ts';
import { testDb } from '../helpers/db.ts';
import { bid, createRequest, mechanicWithProfile } from '../helpers/marketplace.ts';
import { createUser, type TestUser } from '../helpers/users.ts';

// Issue 26, point 12: the Overview's counters are the spec's definitions, counted over every row
// (docs/decisions/0164). Requests sit at Ely, Nevada (KELY), where no other suite places mechanics.

const PLACE = 'KELY';
const PAGE = 20; // the lists' first page (src/contract/paging.ts)

/** `n` requests by `owner` at PLACE, past the hourly cap on requests (a test is not an owner in a hurry). */
async function requests(owner: TestUser, n: number) {
  const made = [];
  for (let i = 0; i < n; i += 1) {
    if (i % 9 === 0) await testDb().deleteFrom('rateLimitHits').where('bucket', '=', `cap:requestsPerUser:${owner.id}`).execute();
    made.push(await createRequest(owner, { serviceLocation: PLACE, aircraftLocation: PLACE }));
  }
  return made;
}

const counts = async (user: TestUser) => {
  const res = await api.get('/api/dashboard/counts', { token: user.token });
  expect(res.status, res.text).toBe(200);
  return res.body;
};

describe('the Overview counters (point 12)', () => {
  it('count what the spec defines, over every row and not the first page', async () => {
    const owner = await createUser('pilot');
    const mechanic = await mechanicWithProfile({ baseLocation: PLACE, serviceRadius: '5' });
    const made = await requests(owner, PAGE + 4);
    for (const r of made) expect(r.matchedMechanics.map((m) => m.mechanicId)).toContain(mechanic.id);
    // Job A: quoted and accepted (scheduled: upcoming, not an active request).
    const quoteA = await bid(mechanic, made[0]!.id);
    expect((await api.post(`/api/enhanced/quotes/${made[0]!.id}/accept`, { bidId: quoteA.id }, { token: owner.token })).status).toBe(200);
    // Job B: accepted, confirmed and started (in progress: neither upcoming nor an active request).
    const quoteB = await bid(mechanic, made[1]!.id);
    const acceptedB = await api.post(`/api/enhanced/quotes/${made[1]!.id}/accept`, { bidId: quoteB.id }, { token: owner.token });
    const jobB = acceptedB.body.appointment.id as string;
    for (const step of ['confirm', 'start']) expect((await api.post(`/api/appointments/${jobB}/${step}`, {}, { token: mechanic.token })).status).toBe(200);
    // Request C: quoted, not accepted (active for the owner; no longer "available" to the mechanic who quoted).
    await bid(mechanic, made[2]!.id);
    // Request D: cancelled (nothing counts it).
    expect((await api.post(`/api/enhanced/quotes/${made[3]!.id}/cancel`, {}, { token: owner.token })).status).toBe(200);
    // Two aircraft beside the 24 a request adds for its typed registration (docs/decisions/0162).
    for (const tailNumber of ['N182EL', 'N172EL']) {
      expect((await api.post('/api/aircraft', { tailNumber, make: 'Cessna', model: '182P', year: 1975 }, { token: owner.token })).status).toBe(201);
    }

    // 24 requests: 2 approved or under way, 1 cancelled, 21 pending, matched or quoted.
    expect(await counts(owner)).toEqual({ role: 'pilot', activeRequests: PAGE + 1, aircraft: PAGE + 6, upcomingAppointments: 1, inProgress: 1 });
    expect((await api.get('/api/aircraft', { token: owner.token })).body).toHaveLength(PAGE);
    // The list shows a page: counting it would say 20 (or fewer), not 21.
    const list = await api.get('/api/enhanced/quotes/user', { token: owner.token });
    expect(list.body).toHaveLength(PAGE);
    expect(list.headers.get('x-next-cursor')).toBeTruthy();
    // Matched and not quoted by this mechanic: 24 less the three quoted, less the cancelled one.
    expect(await counts(mechanic)).toEqual({ role: 'mechanic', availableRequests: PAGE, activeJobs: 2 });

    // Completing job B leaves one active job for the mechanic and nothing in progress for the owner.
    expect((await api.post(`/api/appointments/${jobB}/complete`, {}, { token: mechanic.token })).status).toBe(200);
    expect(await counts(mechanic)).toMatchObject({ activeJobs: 1 });
    expect(await counts(owner)).toMatchObject({ upcomingAppointments: 1, inProgress: 0, activeRequests: PAGE + 1 });
    // More than a page of requests through the real functions: 20 s on an idle machine.
  }, 120_000);

  it('gives a mechanic waiting for approval nothing, and refuses administrators and strangers', async () => {
    const pending = await createUser('mechanic', { mechanicStatus: 'pending' });
    expect(await counts(pending)).toEqual({ role: 'mechanic', availableRequests: 0, activeJobs: 0 });
    expect((await api.get('/api/dashboard/counts')).status).toBe(401);
    const admin = await createUser('admin');
    expect((await api.get('/api/dashboard/counts', { token: admin.token })).status).toBe(403);
  });
});
