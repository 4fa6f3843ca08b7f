import { describe, expect, it } from 'vitest';
import { DUE_SOON } from '../../src/contract/maintenance.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { PAGING } from '../../src/contract/paging.ts';
import { localDayAt } from '../../src/features/marketplace/geo/airport-day.ts';
import { callRoute } from '../helpers/call-route.ts';
import { uniqueTail } from '../helpers/marketplace.ts';
import { createUser, type TestUser } from '../helpers/users.ts';

// The Overview's Due Soon card reads GET /api/maintenance/due-soon: every aircraft of the owner,
// not the first page of My Aircraft it once read aircraft by aircraft.

/** An annual done this many months ago, by the day at KPAO (where these aircraft live). */
const monthsAgo = (n: number) => {
  const d = new Date(`${localDayAt('KPAO')}T00:00:00Z`);
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - n);
  return d.toISOString().slice(0, 10);
};

async function plane(owner: TestUser, annualMonthsAgo: number | null) {
  const added = await callRoute(ROUTES.aircraftAdd, {
    body: { tailNumber: uniqueTail(), make: 'Cessna', model: '172S', homeAirport: 'KPAO' },
    as: owner,
  });
  expect(added.status).toBe(201);
  if (annualMonthsAgo !== null) {
    const item = await callRoute(ROUTES.maintenanceItemAdd, {
      params: { id: added.body.id },
      body: { kind: 'annual', lastDoneDate: monthsAgo(annualMonthsAgo) },
      as: owner,
    });
    expect(item.status).toBe(201);
  }
  return added.body;
}

describe('GET /api/maintenance/due-soon', { timeout: 60_000 }, () => {
  it('covers every aircraft of the owner: one past the first page of My Aircraft is in it', async () => {
    const owner = await createUser('pilot');
    // Added first, so last in My Aircraft (newest first) and on its second page.
    const overdue = await plane(owner, 14);
    const fine: string[] = [];
    for (let i = 0; i < PAGING.defaultLimit; i += 1) fine.push((await plane(owner, 2)).id);
    const firstPage = await callRoute(ROUTES.aircraftList, { as: owner });
    expect(firstPage.body.map((a) => a.id)).not.toContain(overdue.id);

    const due = await callRoute(ROUTES.maintenanceDueSoon, { as: owner });
    expect(due.status).toBe(200);
    expect(due.body).toMatchObject({ aircraftRead: PAGING.defaultLimit + 1, aircraftTotal: PAGING.defaultLimit + 1 });
    expect(due.body.verdicts).toEqual([
      expect.objectContaining({ aircraftId: overdue.id, tailNumber: overdue.tailNumber, verdict: 'not_airworthy' }),
    ]);
    expect(due.body.rows).toEqual([
      expect.objectContaining({
        aircraftId: overdue.id,
        tailNumber: overdue.tailNumber,
        kind: 'annual',
        status: 'overdue',
      }),
    ]);
    expect([due.body.moreRows, due.body.moreVerdicts]).toEqual([0, 0]);
  });

  it(`shows ${DUE_SOON.shown} of each list, most pressing first, and counts the rest`, async () => {
    const owner = await createUser('pilot');
    // Aircraft without their annual are not known to be airworthy: each is a verdict to show.
    const unknown = [];
    for (let i = 0; i < DUE_SOON.shown; i += 1) unknown.push(await plane(owner, null));
    const grounded = await plane(owner, 13);
    const due = await callRoute(ROUTES.maintenanceDueSoon, { as: owner });
    expect(due.body.verdicts).toHaveLength(DUE_SOON.shown);
    expect(due.body.verdicts[0]).toMatchObject({ aircraftId: grounded.id, verdict: 'not_airworthy' });
    expect(due.body.moreVerdicts).toBe(1);
    expect(due.body.rows.map((r) => r.aircraftId)).toEqual([grounded.id]);
  });

  it("is the owner's own: another owner's aircraft never show; a mechanic is refused, a visitor asked to sign in", async () => {
    const owner = await createUser('pilot');
    const other = await createUser('pilot');
    await plane(other, 14);
    const mine = await callRoute(ROUTES.maintenanceDueSoon, { as: owner });
    expect(mine.body).toEqual({
      rows: [],
      moreRows: 0,
      verdicts: [],
      moreVerdicts: 0,
      aircraftRead: 0,
      aircraftTotal: 0,
    });
    expect((await callRoute(ROUTES.maintenanceDueSoon, { as: await createUser('mechanic') })).status).toBe(403);
    expect((await callRoute(ROUTES.maintenanceDueSoon)).status).toBe(401);
  });
});
