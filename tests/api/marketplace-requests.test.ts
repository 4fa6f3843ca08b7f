import { describe, expect, it } from 'vitest';
import { testDb } from '../helpers/db.ts';
import {
  createRequest,
  mechanicWithProfile,
  notificationsOf,
  uniqueTail,
  validRequest,
} from '../helpers/marketplace.ts';
import { createUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, errorsOf, detailOf } from '../helpers/call-route.ts';

describe('aircraft: POST/GET /api/aircraft', () => {
  it('adds a pilot aircraft with numbers converted and lists only their own', async () => {
    const pilot = await createUser('pilot');
    const other = await createUser('pilot');
    const tail = uniqueTail();
    const res = await callRoute(ROUTES.aircraftAdd, {
      body: { tailNumber: tail.toLowerCase(), make: 'Piper', model: 'PA-28-181', year: '1998', totalHours: '3120.5' },
      as: pilot,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      tailNumber: tail,
      make: 'Piper',
      model: 'PA-28-181',
      year: 1998,
      totalHours: 3120.5,
    });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    await callRoute(ROUTES.aircraftAdd, {
      body: { tailNumber: uniqueTail(), make: 'Mooney', model: 'M20J', year: '', totalHours: '' },
      as: other,
    });

    const mine = await callRoute(ROUTES.aircraftList, { as: pilot });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([expect.objectContaining({ tailNumber: tail, year: 1998, totalHours: 3120.5 })]);
    const theirs = await callRoute(ROUTES.aircraftList, { as: other });
    expect(theirs.body).toEqual([expect.objectContaining({ make: 'Mooney', year: null, totalHours: null })]);
  });

  it('requires tail number, make and model, and refuses a duplicate tail number', async () => {
    const pilot = await createUser('pilot');
    for (const field of ['tailNumber', 'make', 'model']) {
      const body: Record<string, string> = { tailNumber: uniqueTail(), make: 'Cessna', model: '182T' };
      body[field] = ' ';
      const res = await callRoute(ROUTES.aircraftAdd, { unchecked: body, as: pilot });
      expect(res.status).toBe(400);
      expect(errorsOf(res)![0]!.path).toBe(field);
    }
    const year = await callRoute(ROUTES.aircraftAdd, {
      body: { tailNumber: uniqueTail(), make: 'Cessna', model: '182T', year: 'old' },
      as: pilot,
    });
    expect(year.status).toBe(400);
    expect(detailOf(year)).toMatch(/^Year must be a number/);
    const tail = uniqueTail();
    expect(
      (await callRoute(ROUTES.aircraftAdd, { body: { tailNumber: tail, make: 'Cessna', model: '182T' }, as: pilot }))
        .status,
    ).toBe(201);
    const again = await callRoute(ROUTES.aircraftAdd, {
      body: { tailNumber: tail.toLowerCase(), make: 'Cessna', model: '182T' },
      as: pilot,
    });
    expect(again.status).toBe(409);
    expect(detailOf(again)).toBe(`You have already added an aircraft with tail number ${tail}`);
  });

  it('is for signed-in pilots: 401 without a token, 403 for a mechanic', async () => {
    expect((await callRoute(ROUTES.aircraftList)).status).toBe(401);
    const mechanic = await createUser('mechanic');
    const res = await callRoute(ROUTES.aircraftAdd, {
      body: { tailNumber: 'N1', make: 'Cessna', model: '150' },
      as: mechanic,
    });
    expect(res.status).toBe(403);
    expect(detailOf(res)).toBeTruthy();
  });
});

describe('service requests: POST /api/enhanced/quotes, GET /api/enhanced/quotes/user', () => {
  it('stores every field with the spec defaults and answers the request', async () => {
    const pilot = await createUser('pilot', { firstName: 'Paula', lastName: 'Request' });
    const body = validRequest({
      urgencyLevel: '',
      maxTravelDistance: '',
      estimatedBudget: '',
      preferredStartDate: '',
      aircraftYear: '',
      aircraftTotalHours: '',
      serviceLocation: 'PHOG',
      aircraftLocation: 'PHOG',
    });
    const res = await callRoute(ROUTES.requestCreate, { body, as: pilot });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      aircraftMake: 'Cessna',
      aircraftModel: '172S Skyhawk',
      aircraftYear: null,
      aircraftTailNumber: body.aircraftTailNumber,
      aircraftTotalHours: null,
      aircraftLocation: 'PHOG',
      serviceType: 'annual_inspection',
      serviceDescription: body.serviceDescription,
      urgencyLevel: 'normal',
      preferredStartDate: null,
      serviceLocation: 'PHOG',
      customerWillTravel: false,
      maxTravelDistance: 50,
      estimatedBudget: null,
      customerName: 'Paula Request',
      quotes: [],
    });
    expect(['pending', 'matched']).toContain(res.body.status);
    expect(typeof res.body.createdAt).toBe('string');

    const list = await callRoute(ROUTES.requestsOwn, { as: pilot });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]!.id).toBe(res.body.id);
  });

  it('answers numbers as numbers and dates as YYYY-MM-DD', async () => {
    const pilot = await createUser('pilot');
    const res = await callRoute(ROUTES.requestCreate, {
      body: validRequest({
        serviceLocation: 'PHNL',
        aircraftLocation: 'PHNL',
        aircraftYear: 2008,
        aircraftTotalHours: 2100.5,
        estimatedBudget: 2499.99,
        maxTravelDistance: 75,
        preferredStartDate: '2030-05-01',
        urgencyLevel: 'high',
      }),
      as: pilot,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      aircraftYear: 2008,
      aircraftTotalHours: 2100.5,
      estimatedBudget: 2499.99,
      maxTravelDistance: 75,
      preferredStartDate: '2030-05-01',
      urgencyLevel: 'high',
    });
  });

  const required = [
    'aircraftMake',
    'aircraftModel',
    'aircraftTailNumber',
    'serviceType',
    'serviceDescription',
    'aircraftLocation',
    'serviceLocation',
  ];
  for (const field of required) {
    it(`refuses a request without ${field}`, async () => {
      const pilot = await createUser('pilot');
      const body: Record<string, unknown> = validRequest();
      delete body[field];
      const res = await callRoute(ROUTES.requestCreate, { unchecked: body, as: pilot });
      expect(res.status).toBe(400);
      expect(errorsOf(res).map((e: { path: string }) => e.path)).toContain(field);
    });
  }

  it('refuses unknown service types and urgencies, bad numbers and dates', async () => {
    const pilot = await createUser('pilot');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ serviceType: 'annual' }, 'serviceType'],
      [{ urgencyLevel: 'whenever' }, 'urgencyLevel'],
      [{ estimatedBudget: '-1' }, 'estimatedBudget'],
      [{ estimatedBudget: '10.999' }, 'estimatedBudget'],
      [{ maxTravelDistance: '12.5' }, 'maxTravelDistance'],
      [{ preferredStartDate: '2030-02-30' }, 'preferredStartDate'],
      [{ aircraftYear: '1800' }, 'aircraftYear'],
    ];
    for (const [override, path] of cases) {
      const res = await callRoute(ROUTES.requestCreate, { unchecked: validRequest(override), as: pilot });
      expect(res.status, JSON.stringify(override)).toBe(400);
      expect(errorsOf(res)![0]!.path).toBe(path);
    }
  });

  it('refuses a service location it cannot find, with a clear detail, and stores nothing', async () => {
    const pilot = await createUser('pilot');
    const res = await callRoute(ROUTES.requestCreate, {
      unchecked: validRequest({ serviceLocation: 'Atlantis' }),
      as: pilot,
    });
    expect(res.status).toBe(400);
    expect(detailOf(res)).toBe(
      'We could not find "Atlantis". Use an airport identifier such as KSJC or a US city as "San Jose, CA".',
    );
    expect(errorsOf(res)).toEqual([{ path: 'serviceLocation', message: detailOf(res) }]);
    const rows = await testDb().selectFrom('serviceRequests').select('id').where('customerId', '=', pilot.id).execute();
    expect(rows).toHaveLength(0);
  });

  it('resolves airports by ICAO, FAA/IATA code and US cities as "City, ST"', async () => {
    const pilot = await createUser('pilot');
    for (const place of ['KSJC', 'sjc', 'San Jose, CA', 'Palo Alto, California', 'St. Louis, MO', 'Washington, DC']) {
      const res = await callRoute(ROUTES.requestCreate, {
        body: validRequest({ serviceLocation: place, aircraftLocation: place }),
        as: pilot,
      });
      expect(res.status, place).toBe(201);
    }
  });

  it('needs the aircraft location to be known only when the customer will travel', async () => {
    const pilot = await createUser('pilot');
    const staying = await callRoute(ROUTES.requestCreate, {
      body: validRequest({ aircraftLocation: 'Back hangar, row 3' }),
      as: pilot,
    });
    expect(staying.status).toBe(201);
    const travelling = await callRoute(ROUTES.requestCreate, {
      unchecked: validRequest({ aircraftLocation: 'Back hangar, row 3', customerWillTravel: true }),
      as: pilot,
    });
    expect(travelling.status).toBe(400);
    expect(errorsOf(travelling)![0]!.path).toBe('aircraftLocation');
    expect(detailOf(travelling)).toMatch(/^We could not find "Back hangar, row 3"\./);
  });

  it('fills the aircraft from the pilot’s own aircraft, and refuses another user’s aircraft', async () => {
    const pilot = await createUser('pilot');
    const other = await createUser('pilot');
    const tail = uniqueTail();
    const plane = await callRoute(ROUTES.aircraftAdd, {
      body: { tailNumber: tail, make: 'Beechcraft', model: 'A36 Bonanza', year: 1996, totalHours: 4100 },
      as: pilot,
    });
    const {
      aircraftMake: _m,
      aircraftModel: _o,
      aircraftTailNumber: _t,
      aircraftYear: _y,
      aircraftTotalHours: _h,
      ...rest
    } = validRequest();
    const res = await callRoute(ROUTES.requestCreate, { body: { ...rest, aircraftId: plane.body.id }, as: pilot });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      aircraftId: plane.body.id,
      aircraftMake: 'Beechcraft',
      aircraftModel: 'A36 Bonanza',
      aircraftTailNumber: tail,
      aircraftYear: 1996,
      aircraftTotalHours: 4100,
    });

    const stolen = await callRoute(ROUTES.requestCreate, {
      unchecked: { ...rest, aircraftId: plane.body.id },
      as: other,
    });
    expect(stolen.status).toBe(404);
    expect(detailOf(stolen)).toBe('Aircraft not found');
    const bogus = await callRoute(ROUTES.requestCreate, {
      unchecked: validRequest({ aircraftId: 'not-a-uuid' }),
      as: pilot,
    });
    expect(bogus.status).toBe(400);
  });

  it('only pilots create requests: 403 for a mechanic and an admin, 401 without a token', async () => {
    for (const role of ['mechanic', 'admin'] as const) {
      const user = await createUser(role);
      const res = await callRoute(ROUTES.requestCreate, { unchecked: validRequest(), as: user });
      expect(res.status).toBe(403);
      expect(detailOf(res)).toBeTruthy();
    }
    expect((await callRoute(ROUTES.requestCreate, { unchecked: validRequest() })).status).toBe(401);
  });

  it('shows a request to its owner and matched mechanics only', async () => {
    const pilot = await createUser('pilot');
    const mechanic = await mechanicWithProfile({ baseLocation: 'KMRY', serviceRadius: '10' });
    const request = await createRequest(pilot, { serviceLocation: 'KMRY', aircraftLocation: 'KMRY' });
    expect((await callRoute(ROUTES.request, { params: { id: request.id }, as: pilot })).status).toBe(200);
    const seen = await callRoute(ROUTES.request, { params: { id: request.id }, as: mechanic });
    expect(seen.status).toBe(200);
    expect(seen.body.customerName).toBe('Pilot Tester');

    const stranger = await createUser('pilot');
    expect((await callRoute(ROUTES.request, { params: { id: request.id }, as: stranger })).status).toBe(404);
    const farMechanic = await mechanicWithProfile({ baseLocation: 'KBOS', serviceRadius: '10' });
    expect((await callRoute(ROUTES.request, { params: { id: request.id }, as: farMechanic })).status).toBe(404);
    expect((await callRoute(ROUTES.request, { params: { id: 'not-a-uuid' }, as: pilot })).status).toBe(404);
    expect((await callRoute(ROUTES.requestsOwn, { as: mechanic })).status).toBe(403);
    expect((await callRoute(ROUTES.requestsMatched, { as: pilot })).status).toBe(403);
  });

  it('tells the pilot whether mechanics were found', async () => {
    const pilot = await createUser('pilot');
    await createRequest(pilot, { serviceLocation: 'PHTO', aircraftLocation: 'PHTO' });
    const notes = await notificationsOf(pilot);
    expect(notes[0]).toMatchObject({ title: 'Looking for mechanics', isRead: false });
  });
});
