import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api.ts';
import { testDb } from '../helpers/db.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute } from '../helpers/call-route.ts';

let admin: TestUser;
const tag = `Zq${process.pid}x${Date.now()}`;

async function addAircraft(ownerId: string, tail: string) {
  await testDb()
    .insertInto('aircraft')
    .values({ ownerId, tailNumber: tail, make: 'Cessna', model: '172S', year: 2004, totalHours: 3100 })
    .execute();
}
async function addRequest(customerId: string, status: 'pending' | 'quoted' | 'completed' | 'in_progress') {
  await testDb()
    .insertInto('serviceRequests')
    .values({
      customerId,
      aircraftId: null,
      aircraftMake: 'Cessna',
      aircraftModel: '172S',
      aircraftYear: 2004,
      aircraftTailNumber: 'N1',
      aircraftTotalHours: null,
      aircraftLocation: 'KSQL',
      aircraftLatitude: null,
      aircraftLongitude: null,
      serviceType: 'annual_inspection',
      serviceDescription: 'Annual',
      urgencyLevel: 'normal',
      preferredStartDate: null,
      serviceLocation: 'KSQL',
      serviceLocationLabel: 'San Carlos, CA',
      serviceLatitude: 37.5,
      serviceLongitude: -122.25,
      customerWillTravel: false,
      maxTravelDistance: 50,
      estimatedBudget: null,
      status,
    })
    .execute();
}

beforeAll(async () => {
  admin = await createUser('admin');
});

describe('GET /api/admin/customers', () => {
  it('lists pilots with aircraft and request counts, searchable', async () => {
    const busy = await createUser('pilot', { firstName: 'Busy', lastName: tag, location: 'Reno, NV' });
    const quiet = await createUser('pilot', { firstName: 'Quiet', lastName: tag });
    await createUser('mechanic', { firstName: 'Wrench', lastName: tag });
    await addAircraft(busy.id, `N${Date.now() % 100000}A`);
    await addAircraft(busy.id, `N${Date.now() % 100000}B`);
    await addRequest(busy.id, 'pending');
    await addRequest(busy.id, 'pending');
    await addRequest(busy.id, 'in_progress');

    const res = await callRoute(ROUTES.adminCustomers, { query: { q: tag }, as: admin });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ page: 1, per_page: 20, total: 2, pages: 1 });
    expect(res.body.data.map((c) => c.firstName)).toEqual(['Quiet', 'Busy']); // newest first, no mechanic
    const b = res.body.data.find((c) => c.id === busy.id);
    expect(b).toMatchObject({
      name: `Busy ${tag}`,
      email: busy.email,
      location: 'Reno, NV',
      aircraftCount: 2,
      requestsCount: 3,
      requestStatuses: { pending: 2, in_progress: 1 },
    });
    expect(new Date(b!.joinedAt).getTime()).toBeGreaterThan(0);
    expect(res.body.data.find((c) => c.id === quiet.id)).toMatchObject({
      aircraftCount: 0,
      requestsCount: 0,
      requestStatuses: {},
    });

    const byEmail = await callRoute(ROUTES.adminCustomers, { query: { q: busy.email.toUpperCase() }, as: admin });
    expect(byEmail.body.data.map((c) => c.id)).toEqual([busy.id]);
    const byFullName = await callRoute(ROUTES.adminCustomers, { query: { q: `busy ${tag}` }, as: admin });
    expect(byFullName.body.data).toHaveLength(1);
  });

  it('paginates and treats % and _ as text', async () => {
    const page2 = await callRoute(ROUTES.adminCustomers, { query: { q: tag, per_page: '1', page: '2' }, as: admin });
    expect(page2.body.pagination).toEqual({ page: 2, per_page: 1, total: 2, pages: 2 });
    expect(page2.body.data).toHaveLength(1);
    const wildcard = await callRoute(ROUTES.adminCustomers, { query: { q: '%%%_' }, as: admin });
    expect(wildcard.status).toBe(200);
    expect(wildcard.body.data).toEqual([]);
  });

  it('refuses bad paging', async () => {
    for (const q of ['page=0', 'per_page=500', 'page=abc', `q=${'x'.repeat(101)}`]) {
      const res = await api.get(`/api/admin/customers?${q}`, { token: admin.token });
      expect(res.status, q).toBe(400);
      expect(res.body.detail).toBeTruthy();
    }
  });
});
