import { describe, expect, it } from 'vitest';
import { addDays, endOfCalendarMonthsAfter } from '../../src/features/maintenance/dates.ts';
import { localDayAt } from '../../src/features/marketplace/geo/airport-day.ts';
import { api } from '../helpers/api.ts';
import { testDb } from '../helpers/db.ts';
import { holdRowLock } from '../helpers/row-lock.ts';
import { bid, mechanicWithProfile, notificationsOf, uniqueTail } from '../helpers/marketplace.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { formatDay } from '../../src/lib/format.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf, errorsOf } from '../helpers/call-route.ts';

// The owner's day: the local day at the aircraft's airport (every aircraft here is in California).
const today = localDayAt('KPAO');
const monthsAgo = (n: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - n);
  return d.toISOString().slice(0, 10);
};

async function aircraftOf(pilot: TestUser, extra: Record<string, unknown> = {}) {
  const res = await callRoute(ROUTES.aircraftAdd, {
    body: {
      tailNumber: uniqueTail(),
      make: 'Cessna',
      model: '172S',
      year: '2004',
      totalHours: '1000',
      homeAirport: 'KPAO',
      ...extra,
    },
    as: pilot,
  });
  if (res.status !== 201) throw new Error(`aircraft: ${res.status} ${res.text}`);
  return res.body as { id: string; tailNumber: string };
}

async function addItem(pilot: TestUser, aircraftId: string, body: Record<string, unknown>) {
  const res = await callRoute(ROUTES.maintenanceItemAdd, { params: { id: aircraftId }, unchecked: body, as: pilot });
  if (res.status !== 201) throw new Error(`item: ${res.status} ${res.text}`);
  return res.body as { id: string; dueDate: string | null; dueHours: number | null; status: string };
}

const due = (pilot: TestUser, id: string) => callRoute(ROUTES.maintenance, { params: { id }, as: pilot });

describe('PATCH/DELETE /api/aircraft/:id', () => {
  it('edits usage, home airport and thresholds, and answers the aircraft', async () => {
    const pilot = await createUser('pilot');
    const plane = await aircraftOf(pilot);
    const res = await callRoute(ROUTES.aircraftUpdate, {
      params: { id: plane.id },
      body: { usage: 'for_hire', homeAirport: 'KSQL', dueSoonDays: '45', dueSoonHours: 15, model: '172SP' },
      as: pilot,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: plane.id,
      usage: 'for_hire',
      homeAirport: 'KSQL',
      dueSoonDays: 45,
      dueSoonHours: 15,
      model: '172SP',
      make: 'Cessna',
    });
    const list = await callRoute(ROUTES.aircraftList, { as: pilot });
    expect(list.body[0]).toMatchObject({ usage: 'for_hire', homeAirport: 'KSQL' });
    // Fields not sent are kept; '' clears an optional one.
    const partial = await callRoute(ROUTES.aircraftUpdate, {
      params: { id: plane.id },
      body: { usage: 'private' },
      as: pilot,
    });
    expect(partial.body).toMatchObject({
      usage: 'private',
      homeAirport: 'KSQL',
      year: 2004,
      totalHours: 1000,
      dueSoonDays: 45,
      dueSoonHours: 15,
    });
    const cleared = await callRoute(ROUTES.aircraftUpdate, {
      params: { id: plane.id },
      body: { homeAirport: '', year: '' },
      as: pilot,
    });
    expect(cleared.body).toMatchObject({ homeAirport: null, year: null, make: 'Cessna' });
  });

  it('refuses bad values with clear 400s and a duplicate tail with 409', async () => {
    const pilot = await createUser('pilot');
    const plane = await aircraftOf(pilot);
    const other = await aircraftOf(pilot);
    const usage = await callRoute(ROUTES.aircraftUpdate, {
      params: { id: plane.id },
      unchecked: { usage: 'airline' },
      as: pilot,
    });
    expect(usage.status).toBe(400);
    expect(detailOf(usage)).toBe('Usage must be one of: private, for_hire');
    const airport = await callRoute(ROUTES.aircraftUpdate, {
      params: { id: plane.id },
      body: { homeAirport: 'Nowhere Special' },
      as: pilot,
    });
    expect(airport.status).toBe(400);
    expect(errorsOf(airport)[0]!.path).toBe('homeAirport');
    const soon = await callRoute(ROUTES.aircraftUpdate, {
      params: { id: plane.id },
      body: { dueSoonDays: 0 },
      as: pilot,
    });
    expect(soon.status).toBe(400);
    expect(detailOf(soon)).toBe('Due soon days must be at least 1');
    const clash = await callRoute(ROUTES.aircraftUpdate, {
      params: { id: plane.id },
      body: { tailNumber: other.tailNumber.toLowerCase() },
      as: pilot,
    });
    expect(clash.status).toBe(409);
    expect(detailOf(clash)).toBe(`You have already added an aircraft with tail number ${other.tailNumber}`);
  });

  it('deletes the aircraft with its items, readings and squawks', async () => {
    const pilot = await createUser('pilot');
    const plane = await aircraftOf(pilot);
    const item = await addItem(pilot, plane.id, { kind: 'annual', lastDoneDate: monthsAgo(2) });
    await callRoute(ROUTES.aircraftHours, { params: { id: plane.id }, body: { hours: 1010, date: today }, as: pilot });
    await callRoute(ROUTES.squawkAdd, {
      params: { id: plane.id },
      body: { title: 'Nav light out', priority: 'fix_soon' },
      as: pilot,
    });
    const res = await callRoute(ROUTES.aircraftDelete, { params: { id: plane.id }, as: pilot });
    expect(res.status).toBe(204);
    expect((await due(pilot, plane.id)).status).toBe(404);
    expect(await testDb().selectFrom('maintenanceItems').select('id').where('id', '=', item.id).execute()).toEqual([]);
    expect(await testDb().selectFrom('squawks').select('id').where('aircraftId', '=', plane.id).execute()).toEqual([]);
    expect(
      await testDb().selectFrom('aircraftHours').select('id').where('aircraftId', '=', plane.id).execute(),
    ).toEqual([]);
  });

  it('is owner only: 404 for another pilot or a mechanic, 401 without a token', async () => {
    const pilot = await createUser('pilot');
    const stranger = await createUser('pilot');
    const mechanic = await createUser('mechanic');
    const plane = await aircraftOf(pilot);
    const item = await addItem(pilot, plane.id, { kind: 'annual', lastDoneDate: monthsAgo(2) });
    const squawk = await callRoute(ROUTES.squawkAdd, {
      params: { id: plane.id },
      body: { title: 'Loose seat rail', priority: 'grounding' },
      as: pilot,
    });
    const calls: Array<[string, string, unknown]> = [
      ['PATCH', `/api/aircraft/${plane.id}`, { usage: 'for_hire' }],
      ['DELETE', `/api/aircraft/${plane.id}`, undefined],
      ['GET', `/api/aircraft/${plane.id}/maintenance`, undefined],
      ['POST', `/api/aircraft/${plane.id}/maintenance`, { kind: 'annual', lastDoneDate: today }],
      ['PATCH', `/api/aircraft/${plane.id}/maintenance/${item.id}`, { lastDoneDate: today }],
      ['DELETE', `/api/aircraft/${plane.id}/maintenance/${item.id}`, undefined],
      ['POST', `/api/aircraft/${plane.id}/hours`, { hours: 2000, date: today }],
      ['POST', `/api/aircraft/${plane.id}/squawks`, { title: 'x', priority: 'fix_soon' }],
      ['PATCH', `/api/aircraft/${plane.id}/squawks/${squawk.body.id}`, { title: 'y' }],
      ['POST', `/api/aircraft/${plane.id}/maintenance/request`, { itemIds: [item.id] }],
    ];
    for (const [method, path, body] of calls) {
      const theirs = await api[method.toLowerCase() as 'get'](
        path,
        ...((method === 'GET' || method === 'DELETE'
          ? [{ token: stranger.token }]
          : [body, { token: stranger.token }]) as [never]),
      );
      expect(theirs.status, `${method} ${path}`).toBe(404);
      expect(theirs.body.detail).toBe('Aircraft not found');
      const mech = await api[method.toLowerCase() as 'get'](
        path,
        ...((method === 'GET' || method === 'DELETE'
          ? [{ token: mechanic.token }]
          : [body, { token: mechanic.token }]) as [never]),
      );
      expect(mech.status, `${method} ${path}`).toBe(404);
      expect((await api[method.toLowerCase() as 'get'](path)).status).toBe(401);
    }
    // Nothing changed for the owner.
    const mine = await due(pilot, plane.id);
    expect(mine.body.items).toHaveLength(1);
    expect(mine.body.squawks[0]!.title).toBe('Loose seat rail');
    expect((await callRoute(ROUTES.maintenance, { params: { id: 'not-a-uuid' }, as: pilot })).status).toBe(404);
  });
});

describe('GET/POST /api/aircraft/:id/maintenance and items', () => {
  it('answers the documented shape with computed due dates, statuses and cites', async () => {
    const pilot = await createUser('pilot');
    const plane = await aircraftOf(pilot);
    const lastAnnual = monthsAgo(3);
    await addItem(pilot, plane.id, { kind: 'annual', lastDoneDate: lastAnnual });
    const res = await due(pilot, plane.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ airworthy: true, verdict: 'airworthy', reasons: [], squawks: [] });
    expect(res.body.items).toEqual([
      {
        id: expect.any(String),
        kind: 'annual',
        title: 'Annual inspection',
        cite: '14 CFR 91.409(a)',
        adNumber: null,
        adMethod: null,
        adRevision: null,
        lastDoneDate: lastAnnual,
        lastDoneHours: null,
        intervalMonths: 12,
        intervalHours: null,
        dueDate: endOfCalendarMonthsAfter(lastAnnual, 12),
        dueHours: null,
        forecastDate: null,
        status: 'ok',
        carriedHours: 0,
        notes: null,
      },
    ]);
  });

  it('an overdue annual makes the aircraft not airworthy, with the reason and cite', async () => {
    const pilot = await createUser('pilot');
    const plane = await aircraftOf(pilot);
    const item = await addItem(pilot, plane.id, { kind: 'annual', lastDoneDate: monthsAgo(13) });
    expect(item.status).toBe('overdue');
    const res = await due(pilot, plane.id);
    expect(res.body.airworthy).toBe(false);
    expect(res.body.reasons).toEqual([
      { text: `Annual inspection overdue (was due by ${formatDay(item.dueDate)})`, cite: '14 CFR 91.409(a)' },
    ]);
    // Done again today: airworthy.
    const done = await callRoute(ROUTES.maintenanceItemUpdate, {
      params: { id: plane.id, itemId: item.id },
      body: { lastDoneDate: today },
      as: pilot,
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'ok', dueDate: endOfCalendarMonthsAfter(today, 12) });
    expect((await due(pilot, plane.id)).body.airworthy).toBe(true);
  });

  it('due soon by the aircraft’s own thresholds, on either clock', async () => {
    const pilot = await createUser('pilot');
    const plane = await aircraftOf(pilot);
    const soon = await addItem(pilot, plane.id, { kind: 'registration', dueDate: addDays(today, 20) });
    expect(soon.status).toBe('due_soon');
    const later = await addItem(pilot, plane.id, { kind: 'registration', dueDate: addDays(today, 40) });
    expect(later.status).toBe('ok');
    const oil = await addItem(pilot, plane.id, {
      kind: 'custom',
      title: 'Oil change',
      lastDoneHours: 955,
      intervalHours: 50,
      lastDoneDate: today,
      intervalMonths: 4,
    });
    expect(oil).toMatchObject({ dueHours: 1005, status: 'due_soon' });
    await callRoute(ROUTES.aircraftUpdate, {
      params: { id: plane.id },
      body: { dueSoonDays: 60, dueSoonHours: 2 },
      as: pilot,
    });
    const items = (await due(pilot, plane.id)).body.items as Array<{ id: string; status: string }>;
    expect(items.find((i) => i.id === later.id)!.status).toBe('due_soon');
    expect(items.find((i) => i.id === oil.id)!.status).toBe('ok');
  });

  it('100-hour: for hire only in the verdict, the 10-hour allowance, excess carried when done again', async () => {
    const pilot = await createUser('pilot');
    const plane = await aircraftOf(pilot, { usage: 'for_hire' });
    const item = await addItem(pilot, plane.id, { kind: '100_hour', lastDoneHours: 900 });
    expect(item).toMatchObject({ dueHours: 1000, status: 'due_soon' });
    await callRoute(ROUTES.aircraftHours, { params: { id: plane.id }, body: { hours: 1006, date: today }, as: pilot });
    const over = await due(pilot, plane.id);
    expect(over.body.items[0]).toMatchObject({ status: 'overdue', cite: '14 CFR 91.409(b)' });
    expect(over.body.airworthy).toBe(false);
    expect(over.body.reasons[0]!.text).toMatch(
      /100-hour inspection overdue by 6 hours .*only to reach a place where it can be done/,
    );
    // Private: the 100-hour does not ground it.
    await callRoute(ROUTES.aircraftUpdate, { params: { id: plane.id }, body: { usage: 'private' }, as: pilot });
    expect((await due(pilot, plane.id)).body.verdict).toBe('unknown');
    // Done at 1006: 6 hours carried, next due at 1100 (not 1106).
    const done = await callRoute(ROUTES.maintenanceItemUpdate, {
      params: { id: plane.id, itemId: item.id },
      body: { lastDoneHours: 1006, lastDoneDate: today },
      as: pilot,
    });
    expect(done.body).toMatchObject({ lastDoneHours: 1006, carriedHours: 6, dueHours: 1100, status: 'ok' });
    // A different interval is refused: the rule fixes it.
    const wrong = await callRoute(ROUTES.maintenanceItemAdd, {
      params: { id: plane.id },
      body: { kind: '100_hour', lastDoneHours: 900, intervalHours: 150 },
      as: pilot,
    });
    expect(wrong.status).toBe(400);
    expect(detailOf(wrong)).toBe('The 100-hour inspection is due every 100 hours (14 CFR 91.409(b))');
  });

  it('ADs by number, recurring on both clocks whichever first, an overdue AD grounds', async () => {
    const pilot = await createUser('pilot');
    const plane = await aircraftOf(pilot);
    const ad = await addItem(pilot, plane.id, {
      kind: 'ad',
      adNumber: '2020-18-03',
      lastDoneDate: monthsAgo(13),
      lastDoneHours: 990,
      intervalMonths: 12,
      intervalHours: 100,
    });
    expect(ad).toMatchObject({ status: 'overdue', dueHours: 1090 });
    const res = await due(pilot, plane.id);
    expect(res.body.items[0]).toMatchObject({
      kind: 'ad',
      title: 'AD 2020-18-03',
      cite: 'AD 2020-18-03, 14 CFR part 39',
    });
    expect(res.body.reasons).toEqual([{ text: 'AD 2020-18-03 overdue', cite: 'AD 2020-18-03, 14 CFR part 39' }]);
    const bad = await callRoute(ROUTES.maintenanceItemAdd, {
      params: { id: plane.id },
      body: { kind: 'ad', adNumber: '20-18-3', intervalMonths: 12, lastDoneDate: today },
      as: pilot,
    });
    expect(bad.status).toBe(400);
    expect(detailOf(bad)).toBe('AD number must look like YYYY-NN-NN (e.g. 2020-18-03)');
    const oneTime = await addItem(pilot, plane.id, { kind: 'ad', adNumber: '2011-10-09', lastDoneDate: '2012-01-05' });
    expect(oneTime).toMatchObject({ status: 'ok', dueDate: null, dueHours: null });
  });

  it('an AD keeps its revision and method of compliance (91.417(a)(2)(v)); no other kind does', async () => {
    const pilot = await createUser('pilot');
    const plane = await aircraftOf(pilot);
    const ad = await addItem(pilot, plane.id, {
      kind: 'ad',
      adNumber: '2011-10-09',
      intervalMonths: 12,
      lastDoneDate: '2026-01-15',
      adRevision: 'Amendment 39-16686',
      adMethod: '  Inspected the seat rails per paragraph (f)  ',
    });
    expect(ad).toMatchObject({
      adRevision: 'Amendment 39-16686',
      adMethod: 'Inspected the seat rails per paragraph (f)',
    });
    const cleared = await callRoute(ROUTES.maintenanceItemUpdate, {
      params: { id: plane.id, itemId: ad.id },
      body: { adMethod: '' },
      as: pilot,
    });
    expect(cleared.body).toMatchObject({ adRevision: 'Amendment 39-16686', adMethod: null });
    const elt = await addItem(pilot, plane.id, {
      kind: 'elt',
      lastDoneDate: '2026-01-15',
      adMethod: 'x',
      adRevision: 'y',
    });
    expect(elt).toMatchObject({ adMethod: null, adRevision: null });
    const long = await callRoute(ROUTES.maintenanceItemAdd, {
      params: { id: plane.id },
      body: { kind: 'ad', adNumber: '2011-10-09', dueDate: '2027-01-01', adRevision: 'r'.repeat(61) },
      as: pilot,
    });
    expect(long.status).toBe(400);
    expect(detailOf(long)).toMatch(/Revision must be at most 60 characters/);
  });

  it('refuses items that cannot come due, with the reason', async () => {
    const pilot = await createUser('pilot');
    const plane = await aircraftOf(pilot);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ kind: 'annual' }, 'Last done date is required for an item due every 12 months'],
      [{ kind: 'registration' }, 'Due date is required for a registration: the expiry date on the certificate'],
      [{ kind: 'custom', intervalHours: 50, lastDoneHours: 10 }, 'Title is required for an owner item'],
      [
        { kind: 'custom', title: 'Oil', intervalMonths: 4 },
        'Last done date is required for an item due every 4 months',
      ],
      [
        { kind: 'spaceship' },
        'Kind must be one of: annual, 100_hour, transponder, pitot_static, elt, registration, ad, custom',
      ],
      [{ kind: 'annual', lastDoneDate: '2026-02-30' }, 'Last done date must be a date as YYYY-MM-DD'],
      [{ kind: 'annual', lastDoneDate: '9999-12-31' }, 'Last done date must be a date as YYYY-MM-DD'],
      [{ kind: 'annual', lastDoneDate: '0001-01-01' }, 'Last done date must be a date as YYYY-MM-DD'],
      [{ kind: 'annual', lastDoneDate: '2199-01-01' }, 'Last done date cannot be in the future'],
      [
        { kind: 'transponder', lastDoneDate: today, intervalMonths: 12 },
        'The transponder check is due every 24 calendar months (14 CFR 91.413)',
      ],
    ];
    for (const [body, detail] of cases) {
      const res = await callRoute(ROUTES.maintenanceItemAdd, { params: { id: plane.id }, unchecked: body, as: pilot });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(detailOf(res)).toBe(detail);
    }
  });

  it('edits and deletes an item; another aircraft’s item is 404', async () => {
    const pilot = await createUser('pilot');
    const plane = await aircraftOf(pilot);
    const other = await aircraftOf(pilot);
    const item = await addItem(pilot, plane.id, {
      kind: 'custom',
      title: 'Oil change',
      lastDoneDate: today,
      intervalMonths: 4,
    });
    const edited = await callRoute(ROUTES.maintenanceItemUpdate, {
      params: { id: plane.id, itemId: item.id },
      body: { title: 'Oil and filter', notes: 'Aeroshell 15W-50' },
      as: pilot,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Oil and filter', notes: 'Aeroshell 15W-50', intervalMonths: 4 });
    expect(
      (
        await callRoute(ROUTES.maintenanceItemUpdate, {
          params: { id: other.id, itemId: item.id },
          body: { title: 'x' },
          as: pilot,
        })
      ).status,
    ).toBe(404);
    const kind = await callRoute(ROUTES.maintenanceItemUpdate, {
      params: { id: plane.id, itemId: item.id },
      body: { kind: 'annual' },
      as: pilot,
    });
    expect(kind.status).toBe(400);
    expect(detailOf(kind)).toBe('The kind of an item cannot change: delete it and add a new one');
    // The item as answered may be sent back whole: computed and unknown fields are ignored.
    const echoed = await callRoute(ROUTES.maintenanceItemUpdate, {
      params: { id: plane.id, itemId: item.id },
      unchecked: { ...edited.body, status: 'ok' },
      as: pilot,
    });
    expect(echoed.status).toBe(200);
    expect(echoed.body).toMatchObject({ title: 'Oil and filter', intervalMonths: 4 });
    const later = await callRoute(ROUTES.maintenanceItemUpdate, {
      params: { id: plane.id, itemId: item.id },
      body: { lastDoneDate: addDays(today, -40) },
      as: pilot,
    });
    expect(later.body.dueDate).not.toBe(edited.body.dueDate);
    expect(
      (await callRoute(ROUTES.maintenanceItemDelete, { params: { id: plane.id, itemId: item.id }, as: pilot })).status,
    ).toBe(204);
    expect(
      (await callRoute(ROUTES.maintenanceItemDelete, { params: { id: plane.id, itemId: item.id }, as: pilot })).status,
    ).toBe(404);
  });
});

describe('POST /api/aircraft/:id/hours', () => {
  it('logs readings, never below the last, and forecasts hour items from 90 days of use', async () => {
    const pilot = await createUser('pilot');
    const plane = await aircraftOf(pilot, { totalHours: '' });
    const first = await callRoute(ROUTES.aircraftHours, {
      params: { id: plane.id },
      body: { hours: '1000', date: addDays(today, -60) },
      as: pilot,
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ hours: 1000, date: addDays(today, -60) });
    expect(
      (
        await callRoute(ROUTES.aircraftHours, {
          params: { id: plane.id },
          body: { hours: 1060, date: today },
          as: pilot,
        })
      ).status,
    ).toBe(201);
    const below = await callRoute(ROUTES.aircraftHours, {
      params: { id: plane.id },
      body: { hours: 1059.9, date: today },
      as: pilot,
    });
    expect(below.status).toBe(400);
    expect(detailOf(below)).toBe('Hours cannot be below the last reading (1060)');
    const future = await callRoute(ROUTES.aircraftHours, {
      params: { id: plane.id },
      body: { hours: 1070, date: addDays(today, 2) },
      as: pilot,
    });
    expect(future.status).toBe(400);
    expect(detailOf(future)).toBe('Date cannot be in the future');
    const missing = await callRoute(ROUTES.aircraftHours, {
      params: { id: plane.id },
      body: { date: today },
      as: pilot,
    });
    expect(missing.status).toBe(400);
    expect(detailOf(missing)).toBe('Hours is required');

    // 60 hours over 60 days: one hour a day. An oil change due at 1100 is 40 days away.
    await addItem(pilot, plane.id, { kind: 'custom', title: 'Oil change', lastDoneHours: 1050, intervalHours: 50 });
    const res = await due(pilot, plane.id);
    expect(res.body).toMatchObject({ currentHours: 1060, hoursPerDay: 1 });
    expect(res.body.items[0]).toMatchObject({ dueHours: 1100, forecastDate: addDays(today, 40), status: 'ok' });
    expect((await callRoute(ROUTES.aircraftList, { as: pilot })).body[0]!.totalHours).toBe(1060);
  });

  it('two readings at once are checked one after the other', async () => {
    const pilot = await createUser('pilot');
    const plane = await aircraftOf(pilot);
    // Both readings queue behind a lock held on the aircraft, 1020 first: when it is let go, 1010 is
    // checked against 1020 and refused. Without the product's lock both would be checked against
    // 1000 and stored (neither would wait, and the test fails on the first wait).
    const lock = await holdRowLock('aircraft', plane.id);
    const a = callRoute(ROUTES.aircraftHours, {
      params: { id: plane.id },
      body: { hours: 1020, date: today },
      as: pilot,
    });
    await lock.waitForWaiters(1, 'the first reading');
    const b = callRoute(ROUTES.aircraftHours, {
      params: { id: plane.id },
      body: { hours: 1010, date: today },
      as: pilot,
    });
    await lock.waitForWaiters(2, 'the second reading');
    await lock.release();
    const [first, second] = await Promise.all([a, b]);
    expect(first.status).toBe(201);
    expect(second.status).toBe(400);
    expect(detailOf(second)).toBe('Hours cannot be below the last reading (1020)');
    const rows = await testDb()
      .selectFrom('aircraftHours')
      .select('hours')
      .where('aircraftId', '=', plane.id)
      .execute();
    expect(rows.map((r) => Number(r.hours))).toEqual([1020]);
  });
});

describe('squawks', () => {
  it('records, edits and resolves with a note; an open grounding squawk grounds', async () => {
    const pilot = await createUser('pilot');
    const plane = await aircraftOf(pilot);
    await addItem(pilot, plane.id, { kind: 'annual', lastDoneDate: monthsAgo(1) });
    const created = await callRoute(ROUTES.squawkAdd, {
      params: { id: plane.id },
      body: { title: 'Cracked exhaust stack', description: 'Left side, near the flange', priority: 'grounding' },
      as: pilot,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: 'Cracked exhaust stack',
      priority: 'grounding',
      status: 'open',
      resolutionNote: null,
      documentId: null,
    });
    let view = await due(pilot, plane.id);
    expect(view.body.airworthy).toBe(false);
    expect(view.body.reasons).toEqual([{ text: 'Open grounding squawk: Cracked exhaust stack', cite: '14 CFR 91.7' }]);

    const noNote = await callRoute(ROUTES.squawkUpdate, {
      params: { id: plane.id, squawkId: created.body.id },
      body: { status: 'resolved' },
      as: pilot,
    });
    expect(noNote.status).toBe(400);
    expect(detailOf(noNote)).toBe('A resolution note is required to resolve a squawk');
    const resolved = await callRoute(ROUTES.squawkUpdate, {
      params: { id: plane.id, squawkId: created.body.id },
      body: { status: 'resolved', resolutionNote: 'Stack replaced, logbook entry made' },
      as: pilot,
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ status: 'resolved', resolutionNote: 'Stack replaced, logbook entry made' });
    expect(typeof resolved.body.resolvedAt).toBe('string');
    view = await due(pilot, plane.id);
    expect(view.body.airworthy).toBe(true);

    // The note and the status by the names a client may use for them; a squawk without a title says so.
    const untitled = await callRoute(ROUTES.squawkAdd, {
      params: { id: plane.id },
      unchecked: { priority: 'fix_soon' },
      as: pilot,
    });
    expect(detailOf(untitled)).toBe('Title is required');
    const brake = await callRoute(ROUTES.squawkAdd, {
      params: { id: plane.id },
      body: { title: 'Soft left brake', priority: 'fix_soon' },
      as: pilot,
    });
    const closed = await callRoute(ROUTES.squawkUpdate, {
      params: { id: plane.id, squawkId: brake.body.id },
      body: { resolved: true, note: 'Bled the left brake' },
      as: pilot,
    });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ status: 'resolved', resolutionNote: 'Bled the left brake' });
  });

  it('validates priority and the photo, which must be one of the owner’s documents', async () => {
    const pilot = await createUser('pilot');
    const plane = await aircraftOf(pilot);
    const bad = await callRoute(ROUTES.squawkAdd, {
      params: { id: plane.id },
      unchecked: { title: 'x', priority: 'urgent' },
      as: pilot,
    });
    expect(bad.status).toBe(400);
    expect(detailOf(bad)).toBe('Priority must be one of: grounding, fix_soon, next_inspection, when_convenient');
    const noTitle = await callRoute(ROUTES.squawkAdd, {
      params: { id: plane.id },
      body: { title: ' ', priority: 'fix_soon' },
      as: pilot,
    });
    expect(detailOf(noTitle)).toBe('Title is required');
    const photo = await callRoute(ROUTES.squawkAdd, {
      params: { id: plane.id },
      body: { title: 'Dent', priority: 'when_convenient', documentId: crypto.randomUUID() },
      as: pilot,
    });
    expect(photo.status).toBe(400);
    expect(detailOf(photo)).toBe('Photo must be one of your documents');
    const missing = await callRoute(ROUTES.squawkUpdate, {
      params: { id: plane.id, squawkId: crypto.randomUUID() },
      body: { title: 'x' },
      as: pilot,
    });
    expect(missing.status).toBe(404);
    expect(detailOf(missing)).toBe('Squawk not found');
  });
});

describe('POST /api/aircraft/:id/maintenance/request', () => {
  it('creates the pre-filled request as POST /api/enhanced/quotes does: matched, notified, linked', async () => {
    const pilot = await createUser('pilot', { firstName: 'Olive', lastName: 'Owner' });
    const mechanic = await mechanicWithProfile({ baseLocation: 'KPAO', serviceRadius: '10' });
    const plane = await aircraftOf(pilot, { homeAirport: 'KPAO' });
    await callRoute(ROUTES.aircraftHours, {
      params: { id: plane.id },
      body: { hours: 1012.5, date: today },
      as: pilot,
    });
    const annual = await addItem(pilot, plane.id, { kind: 'annual', lastDoneDate: monthsAgo(13) });
    const squawk = await callRoute(ROUTES.squawkAdd, {
      params: { id: plane.id },
      body: { title: 'Left brake soft', description: 'Pedal goes far', priority: 'fix_soon' },
      as: pilot,
    });

    const res = await callRoute(ROUTES.maintenanceRequest, {
      params: { id: plane.id },
      body: { itemIds: [annual.id], squawkIds: [squawk.body.id], preferredStartDate: addDays(today, 7) },
      as: pilot,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      aircraftId: plane.id,
      aircraftMake: 'Cessna',
      aircraftModel: '172S',
      aircraftYear: 2004,
      aircraftTailNumber: plane.tailNumber,
      aircraftTotalHours: 1012.5,
      aircraftLocation: 'KPAO',
      serviceLocation: 'KPAO',
      serviceType: 'annual_inspection',
      urgencyLevel: 'high',
      preferredStartDate: addDays(today, 7),
      customerWillTravel: false,
      maxTravelDistance: 50,
      status: 'matched',
      customerName: 'Olive Owner',
      quotes: [],
    });
    expect(res.body.serviceDescription).toBe(
      [
        `Maintenance for ${plane.tailNumber}:`,
        `- Annual inspection (14 CFR 91.409(a)): overdue (was due by ${formatDay(annual.dueDate)})`,
        '- Squawk (fix soon): Left brake soft - Pedal goes far',
      ].join('\n'),
    );
    expect(res.body.matchedMechanics.map((m: { mechanicId: string }) => m.mechanicId)).toContain(mechanic.id);
    expect((await notificationsOf(mechanic))[0]!.type).toBe('request.matched');
    // The same request the pilot's list shows.
    const list = await callRoute(ROUTES.requestsOwn, { as: pilot });
    expect(list.body[0]).toMatchObject({ id: res.body.id, serviceType: 'annual_inspection' });

    // The matched mechanic sees the aircraft's due list with what the request is for; a stranger does not.
    const seen = await callRoute(ROUTES.requestMaintenance, { params: { id: res.body.id }, as: mechanic });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      tailNumber: plane.tailNumber,
      airworthy: false,
      linkedItemIds: [annual.id],
      linkedSquawkIds: [squawk.body.id],
    });
    expect(seen.body.items[0]).toMatchObject({ id: annual.id, cite: '14 CFR 91.409(a)', status: 'overdue' });
    const stranger = await mechanicWithProfile({ baseLocation: 'KJFK', serviceRadius: '5' });
    expect((await callRoute(ROUTES.requestMaintenance, { params: { id: res.body.id }, as: stranger })).status).toBe(
      404,
    );
  });

  it('chooses 100-hour or repair by what is chosen, and refuses what it cannot use', async () => {
    const pilot = await createUser('pilot');
    const plane = await aircraftOf(pilot, { usage: 'for_hire' });
    const hundred = await addItem(pilot, plane.id, { kind: '100_hour', lastDoneHours: 950 });
    const grounding = await callRoute(ROUTES.squawkAdd, {
      params: { id: plane.id },
      body: { title: 'Mag drop 300 rpm', priority: 'grounding' },
      as: pilot,
    });
    const h = await callRoute(ROUTES.maintenanceRequest, {
      params: { id: plane.id },
      body: { itemIds: [hundred.id], urgencyLevel: 'low' },
      as: pilot,
    });
    expect(h.status).toBe(201);
    expect(h.body).toMatchObject({ serviceType: 'hundred_hour', urgencyLevel: 'low' });
    const g = await callRoute(ROUTES.maintenanceRequest, {
      params: { id: plane.id },
      body: { squawkIds: [grounding.body.id] },
      as: pilot,
    });
    expect(g.body).toMatchObject({ serviceType: 'emergency_repair', urgencyLevel: 'high' });

    const empty = await callRoute(ROUTES.maintenanceRequest, {
      params: { id: plane.id },
      body: { itemIds: [] },
      as: pilot,
    });
    expect(empty.status).toBe(400);
    expect(detailOf(empty)).toBe('Choose at least one item or squawk to request service for');
    const foreign = await callRoute(ROUTES.maintenanceRequest, {
      params: { id: plane.id },
      body: { itemIds: [crypto.randomUUID()] },
      as: pilot,
    });
    expect(foreign.status).toBe(400);
    expect(detailOf(foreign)).toBe('Maintenance item not found on this aircraft');
    const badUrgency = await callRoute(ROUTES.maintenanceRequest, {
      params: { id: plane.id },
      body: { itemIds: [hundred.id], urgencyLevel: 'asap' },
      as: pilot,
    });
    expect(badUrgency.status).toBe(400);
    expect(detailOf(badUrgency)).toBe('Urgency level must be one of: low, normal, high, emergency');

    await callRoute(ROUTES.squawkUpdate, {
      params: { id: plane.id, squawkId: grounding.body.id },
      body: { status: 'resolved', resolutionNote: 'Plugs cleaned' },
      as: pilot,
    });
    const closed = await callRoute(ROUTES.maintenanceRequest, {
      params: { id: plane.id },
      body: { squawkIds: [grounding.body.id] },
      as: pilot,
    });
    expect(closed.status).toBe(400);
    expect(detailOf(closed)).toBe('Squawk "Mag drop 300 rpm" is already resolved');

    const noAirport = await aircraftOf(pilot, { homeAirport: '' });
    const item = await addItem(pilot, noAirport.id, { kind: 'annual', lastDoneDate: monthsAgo(1) });
    const refused = await callRoute(ROUTES.maintenanceRequest, {
      params: { id: noAirport.id },
      body: { itemIds: [item.id] },
      as: pilot,
    });
    expect(refused.status).toBe(400);
    expect(detailOf(refused)).toBe(
      `Set the home airport of ${noAirport.tailNumber} first: the request goes to mechanics near it`,
    );
  });
});

describe('completion: POST /api/enhanced/quotes/:id/maintenance', () => {
  it('the assigned mechanic marks items done with date and tach; items recompute and squawks close', async () => {
    const pilot = await createUser('pilot');
    const mechanic = await mechanicWithProfile({ baseLocation: 'KPAO', serviceRadius: '10' });
    const plane = await aircraftOf(pilot, { homeAirport: 'KPAO', usage: 'for_hire' });
    await callRoute(ROUTES.aircraftHours, { params: { id: plane.id }, body: { hours: 1004, date: today }, as: pilot });
    const hundred = await addItem(pilot, plane.id, { kind: '100_hour', lastDoneHours: 900 });
    const squawk = await callRoute(ROUTES.squawkAdd, {
      params: { id: plane.id },
      body: { title: 'Nav light out', priority: 'next_inspection' },
      as: pilot,
    });
    const request = await callRoute(ROUTES.maintenanceRequest, {
      params: { id: plane.id },
      body: { itemIds: [hundred.id], squawkIds: [squawk.body.id] },
      as: pilot,
    });
    const quote = await bid(mechanic, request.body.id);
    const accepted = await callRoute(ROUTES.requestAccept, {
      params: { id: request.body.id },
      body: { bidId: quote.id },
      as: pilot,
    });
    const appointmentId = accepted.body.appointment.id as string;
    const path = `/api/enhanced/quotes/${request.body.id}/maintenance`;

    const early = await api.post(path, { itemIds: [hundred.id], date: today, hours: 1005 }, { token: mechanic.token });
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe('Items can be marked done once work on the job has started');
    await callRoute(ROUTES.appointmentConfirm, { params: { id: appointmentId }, body: {}, as: mechanic });
    await callRoute(ROUTES.appointmentStart, { params: { id: appointmentId }, body: {}, as: mechanic });
    expect(
      (await api.post(path, { itemIds: [hundred.id], date: today, hours: 1005 }, { token: pilot.token })).status,
    ).toBe(403);

    const done = await api.post(
      path,
      { itemIds: [hundred.id], squawkIds: [squawk.body.id], date: today, hours: 1005 },
      { token: mechanic.token },
    );
    expect(done.status).toBe(200);
    // Due at 1000, done at 1005: 5 hours carried, next due at 1100.
    expect(done.body.items[0]).toMatchObject({
      id: hundred.id,
      lastDoneDate: today,
      lastDoneHours: 1005,
      carriedHours: 5,
      dueHours: 1100,
      status: 'ok',
    });
    expect(done.body.squawks[0]).toMatchObject({ status: 'resolved' });
    expect(done.body).toMatchObject({
      verdict: 'unknown',
      currentHours: 1005,
      completedItemIds: [hundred.id],
      completedSquawkIds: [squawk.body.id],
    });
    const unlinked = await addItem(pilot, plane.id, { kind: 'annual', lastDoneDate: monthsAgo(1) });
    const refused = await api.post(path, { itemIds: [unlinked.id], date: today }, { token: mechanic.token });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('Only the items this request was made for can be marked done');
  });
});

describe('reminders (scheduled function maintenance-reminders)', () => {
  const runReminders = async () => {
    const mod = await import('../../netlify/functions/maintenance-reminders.ts');
    const res = await mod.default();
    expect(res.status).toBe(204);
  };
  const emailsTo = (to: string) =>
    testDb()
      .selectFrom('outbox')
      .select(['kind', 'subject', 'bodyText'])
      .where('toAddress', '=', to)
      .orderBy('createdAt')
      .execute();

  it('tells the owner once per item per state, by email when they keep emails on', async () => {
    const pilot = await createUser('pilot');
    const quiet = await createUser('pilot');
    await callRoute(ROUTES.emailPreferenceSave, { body: { emailNotifications: false }, as: quiet });
    const plane = await aircraftOf(pilot);
    const annual = await addItem(pilot, plane.id, { kind: 'annual', lastDoneDate: monthsAgo(13) });
    await addItem(pilot, plane.id, { kind: 'registration', dueDate: addDays(today, 10) });
    await addItem(pilot, plane.id, { kind: 'transponder', lastDoneDate: monthsAgo(2) });
    const quietPlane = await aircraftOf(quiet);
    await addItem(quiet, quietPlane.id, { kind: 'annual', lastDoneDate: monthsAgo(13) });

    await runReminders();
    await runReminders();
    const emails = await emailsTo(pilot.email);
    expect(emails.map((e) => e.kind).sort()).toEqual([
      'marketplace.maintenance.due_soon',
      'marketplace.maintenance.overdue',
    ]);
    const overdue = emails.find((e) => e.kind === 'marketplace.maintenance.overdue')!;
    expect(overdue.subject).toMatch(new RegExp(`^${plane.tailNumber}: Annual inspection overdue`));
    expect(overdue.bodyText).toContain(
      `Annual inspection (14 CFR 91.409(a)) on ${plane.tailNumber} was due by ${formatDay(annual.dueDate)}`,
    );
    expect((await notificationsOf(pilot)).filter((n) => n.type.startsWith('maintenance.'))).toHaveLength(2);
    // Email off: the notice in the dashboard only.
    expect(await emailsTo(quiet.email)).toEqual([]);
    expect((await notificationsOf(quiet)).map((n) => n.type)).toContain('maintenance.overdue');

    // Done again: back to ok, cleared; when it is overdue again it is told again.
    await callRoute(ROUTES.maintenanceItemUpdate, {
      params: { id: plane.id, itemId: annual.id },
      body: { lastDoneDate: today },
      as: pilot,
    });
    await runReminders();
    const row = await testDb()
      .selectFrom('maintenanceItems')
      .select('remindedStatus')
      .where('id', '=', annual.id)
      .executeTakeFirstOrThrow();
    expect(row.remindedStatus).toBeNull();
    await callRoute(ROUTES.maintenanceItemUpdate, {
      params: { id: plane.id, itemId: annual.id },
      body: { lastDoneDate: monthsAgo(14) },
      as: pilot,
    });
    await runReminders();
    // Told twice; the second notice came within the first email's gather window, so it may have
    // joined that email instead of making another (docs/decisions/0183).
    const overdueMail = (await emailsTo(pilot.email)).filter((e) => e.kind === 'marketplace.maintenance.overdue');
    expect(
      overdueMail.reduce(
        (n, e) => n + (e.bodyText.match(/Annual inspection \(14 CFR 91\.409\(a\)\) on/g)?.length ?? 0),
        0,
      ),
    ).toBe(2);
  });
});
