import { beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE } from '../../src/contract/auth.ts';
import { uniqueEmail, type ApiResult } from '../helpers/api.ts';
import { everyPage } from '../helpers/every-page.ts';
import { testDb } from '../helpers/db.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute } from '../helpers/call-route.ts';

// "Unlock sign-in" only for a locked account (the list says which); a
// customer has a detail view (requests with their quotes, aircraft, quote requests, leads).
// Every list is paged, the console's too: the Mechanics and Customers lists are cursor-paged like the
// dashboards (X-Next-Cursor and Link beside the body the console read before).

let admin: TestUser;
beforeAll(async () => {
  admin = await createUser('admin');
});

const login = (email: string, password: string) => callRoute(ROUTES.authLogin, { body: { email, password } });

describe('mechanics list: who is locked out, paged by cursor', () => {
  it('marks a mechanic whose sign-in is locked, and not after an administrator unlocks it', async () => {
    const locked = await createUser('mechanic', { lastName: `Locked${Date.now()}` });
    const fine = await createUser('mechanic', { lastName: `Fine${Date.now()}` });
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerAccount; i += 1)
      expect((await login(locked.email, `guess-${i}`)).status).toBe(401);
    expect((await login(locked.email, locked.password)).status).toBe(429);

    const entries = async () =>
      new Map(
        (
          await everyPage<{ id: string; signInLocked?: boolean }>(
            '/api/admin/mechanics?status=approved&limit=100',
            admin.token,
          )
        ).map((m) => [m.id, m]),
      );
    let list = await entries();
    expect(list.get(locked.id)?.signInLocked).toBe(true);
    expect(list.get(fine.id)?.signInLocked).toBe(false);

    expect((await callRoute(ROUTES.adminUserUnlock, { params: { id: locked.id }, as: admin })).status).toBe(200);
    list = await entries();
    expect(list.get(locked.id)?.signInLocked).toBe(false);
  });

  it('answers the spec array, pages with X-Next-Cursor and Link, and a row added meanwhile neither repeats nor hides one', async () => {
    const mine: string[] = [];
    for (let i = 0; i < 5; i += 1)
      mine.push((await createUser('mechanic', { mechanicStatus: 'rejected', lastName: `Paged${i}` })).id);
    const first = await callRoute(ROUTES.adminMechanics, { query: { status: 'rejected', limit: '2' }, as: admin });
    expect(first.status).toBe(200);
    expect(Array.isArray(first.body)).toBe(true);
    expect(first.body).toHaveLength(2);
    const cursor = first.headers.get('X-Next-Cursor')!;
    expect(cursor).toBeTruthy();
    expect(first.headers.get('Link')).toBe(
      `</api/admin/mechanics?status=rejected&limit=2&cursor=${cursor}>; rel="next"`,
    );
    // Newest first: one added now goes before the first page, never into the later ones.
    const late = await createUser('mechanic', { mechanicStatus: 'rejected', lastName: 'Late' });
    const seen: string[] = (first.body as Array<{ id: string }>).map((m) => m.id);
    let next: string | null = cursor;
    while (next) {
      const page: ApiResult = await callRoute(ROUTES.adminMechanics, {
        query: { status: 'rejected', limit: '2', cursor: next },
        as: admin,
      });
      expect(page.status).toBe(200);
      seen.push(...(page.body as Array<{ id: string }>).map((m) => m.id));
      next = page.headers.get('X-Next-Cursor');
    }
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of mine) expect(seen).toContain(id);
    expect(seen).not.toContain(late.id);
    // Without a cursor, the first page is the spec's list (20 at most).
    const plain = await callRoute(ROUTES.adminMechanics, { query: { status: 'rejected' }, as: admin });
    expect((plain.body as unknown[]).length).toBeLessThanOrEqual(20);
    expect((await callRoute(ROUTES.adminMechanics, { query: { cursor: 'nonsense' }, as: admin })).status).toBe(400);
    expect((await callRoute(ROUTES.adminMechanics, { query: { limit: '0' }, as: admin })).status).toBe(400);
  });
});

describe('customers: a detail view, and the list by cursor', () => {
  it('shows a customer with their requests (and quotes received), aircraft, website quote requests and leads', async () => {
    const email = uniqueEmail('detail');
    const pilot = await createUser('pilot', { email, firstName: 'Dana', lastName: 'Detail' });
    const db = testDb();
    const aircraft = await db
      .insertInto('aircraft')
      .values({ ownerId: pilot.id, tailNumber: 'N28CD', make: 'Piper', model: 'PA-28', year: 1978, totalHours: 4200 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const request = await db
      .insertInto('serviceRequests')
      .values({
        customerId: pilot.id,
        aircraftId: aircraft.id,
        aircraftMake: 'Piper',
        aircraftModel: 'PA-28',
        aircraftYear: 1978,
        aircraftTailNumber: 'N28CD',
        aircraftTotalHours: null,
        aircraftLocation: 'KPAO',
        aircraftLatitude: null,
        aircraftLongitude: null,
        serviceType: 'annual_inspection',
        serviceDescription: 'Annual',
        urgencyLevel: 'normal',
        preferredStartDate: null,
        serviceLocation: 'KPAO',
        serviceLocationLabel: 'Palo Alto, CA',
        serviceLatitude: 37.46,
        serviceLongitude: -122.11,
        customerWillTravel: false,
        maxTravelDistance: 50,
        estimatedBudget: null,
        status: 'quoted',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mechanic = await createUser('mechanic');
    await db
      .insertInto('bids')
      .values({
        serviceRequestId: request.id,
        mechanicId: mechanic.id,
        laborCost: 900,
        partsCost: 100,
        totalCost: 1000,
        estimatedHours: 9,
        availableStartDate: '2027-01-10',
        estimatedCompletionDate: '2027-01-12',
        warrantyPeriod: 30,
        notes: null,
        inspectionSignerName: null,
        inspectionSignerCertificate: null,
      })
      .execute();
    // The visitor asked for a quote and claimed the popup code before signing up (another case of the email).
    expect(
      (
        await callRoute(ROUTES.leadCapture, {
          body: { firstName: 'Dana', email: email.toUpperCase(), source: 'popup_discount_offer' },
        })
      ).status,
    ).toBe(200);

    const res = await callRoute(ROUTES.adminCustomer, { params: { id: pilot.id }, as: admin });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.customer).toMatchObject({
      id: pilot.id,
      name: 'Dana Detail',
      email,
      aircraftCount: 1,
      requestsCount: 1,
      requestStatuses: { quoted: 1 },
    });
    expect(d.requests).toEqual([
      expect.objectContaining({
        id: request.id,
        status: 'quoted',
        aircraftTailNumber: 'N28CD',
        bidsCount: 1,
        acceptedTotal: null,
      }),
    ]);
    expect(d.aircraft).toEqual([expect.objectContaining({ tailNumber: 'N28CD', make: 'Piper', year: 1978 })]);
    expect(d.leads).toEqual([expect.objectContaining({ source: 'popup_discount_offer' })]);
    expect(d.counts).toEqual({ requests: 1, aircraft: 1, quotes: 0, leads: 1 });

    expect((await callRoute(ROUTES.adminCustomer, { params: { id: mechanic.id }, as: admin })).status).toBe(404);
    expect((await callRoute(ROUTES.adminCustomer, { params: { id: 'not-an-id' }, as: admin })).status).toBe(404);
    expect((await callRoute(ROUTES.adminCustomer, { params: { id: pilot.id }, as: pilot })).status).toBe(403);
  });

  it('pages the customers list by cursor with the body it had, and the search within its pages', async () => {
    const tag = `Cursor${process.pid}x${Date.now()}`;
    for (let i = 0; i < 5; i += 1) await createUser('pilot', { lastName: `${tag}${i}` });
    const first = await callRoute(ROUTES.adminCustomers, { query: { q: tag, per_page: '2' }, as: admin });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, pagination: { page: 1, per_page: 2, total: 5, pages: 3 } });
    expect(first.body.data).toHaveLength(2);
    const cursor = first.headers.get('X-Next-Cursor')!;
    expect(first.body.nextCursor).toBe(cursor);
    expect(first.headers.get('Link')).toContain('rel="next"');
    const names = first.body.data.map((c: { lastName: string }) => c.lastName);
    let next: string | null = cursor;
    while (next) {
      const page: ApiResult = await callRoute(ROUTES.adminCustomers, {
        query: { q: tag, per_page: '2', cursor: next },
        as: admin,
      });
      names.push(...page.body.data.map((c: { lastName: string }) => c.lastName));
      next = page.body.nextCursor;
    }
    // Newest first, each once.
    expect(names).toEqual([4, 3, 2, 1, 0].map((i) => `${tag}${i}`));
  });
});
