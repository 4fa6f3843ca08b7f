import { describe, expect, it } from 'vitest';
import { api } from '../helpers/api.ts';
import { mechanicWithProfile, scheduledJob, uniqueTail, validBid } from '../helpers/marketplace.ts';
import { createUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { aircraftWithDueItem } from '../helpers/aircraft.ts';
import { callRoute, errorsOf, detailOf } from '../helpers/call-route.ts';

// Numbers sent as `[1]` in bid and change-order lines were taken as 1; a losing
// bidder still read the aircraft's live due items and squawks after the job was given to another.
// Jackson, WY (KJAC) and Gillette, WY (KGCC), where no other suite places mechanics.

const line = (overrides: Record<string, unknown> = {}) => ({
  category: 'inspection',
  description: 'Annual inspection',
  laborHours: 8,
  laborRate: 95,
  partsCost: 0,
  ...overrides,
});

describe('numbers are numbers', () => {
  it('a bid line or a change-order line with [1] for a number is a 400 naming the field', async () => {
    const { pilot, mechanic, appointmentId } = await scheduledJob('KJAC');
    const other = await createUser('pilot');
    const mech2 = await mechanicWithProfile({ baseLocation: 'KJAC', serviceRadius: 5 });
    const open = await callRoute(ROUTES.requestCreate, {
      body: {
        aircraftMake: 'Piper',
        aircraftModel: 'PA-28',
        aircraftTailNumber: uniqueTail(),
        aircraftLocation: 'KJAC',
        serviceLocation: 'KJAC',
        serviceType: 'annual_inspection',
        serviceDescription: 'Annual',
        urgencyLevel: 'normal',
      },
      as: other,
    });
    expect(open.status).toBe(201);
    const { laborCost: _l, partsCost: _p, estimatedHours: _h, ...rest } = validBid();
    for (const [field, value, detail] of [
      ['laborHours', [8], 'Labor hours must be a number from 0 to 5,000'],
      ['laborRate', [95], 'Labor rate must be a number'],
      ['partsCost', [1], 'Parts cost must be a number'],
      ['partsCost', { value: 1 }, 'Parts cost must be a number'],
    ] as const) {
      const res = await callRoute(ROUTES.requestBid, {
        params: { id: open.body.id },
        body: { ...rest, lines: [line({ [field]: value })] },
        as: mech2,
      });
      expect(res.status, `${field} ${JSON.stringify(value)}`).toBe(400);
      expect(errorsOf(res).map((e: { message: string }) => e.message)).toContain(detail);
    }
    const plain = await callRoute(ROUTES.requestBid, {
      params: { id: open.body.id },
      body: validBid({ laborCost: [1200] }),
      as: mech2,
    });
    expect(plain.status).toBe(400);
    expect(detailOf(plain)).toContain('must be a number');

    for (const step of ['confirm', 'start'])
      await api.post(`/api/appointments/${appointmentId}/${step}`, {}, { token: mechanic.token });
    const order = await callRoute(ROUTES.changeOrderCreate, {
      params: { id: appointmentId },
      body: { lines: [line({ category: 'airworthy', laborRate: [1000] })] },
      as: mechanic,
    });
    expect(order.status).toBe(400);
    expect(errorsOf(order).map((e: { message: string }) => e.message)).toContain('Labor rate must be a number');
    expect((await callRoute(ROUTES.changeOrders, { params: { id: appointmentId }, as: pilot })).body).toEqual([]);
  });
});

describe("a request's due list (GET /api/enhanced/quotes/:id/maintenance)", () => {
  it("is read by bidders while quotes are open, then only by the job's own mechanic", async () => {
    const pilot = await createUser('pilot');
    const winner = await mechanicWithProfile({ baseLocation: 'KGCC', serviceRadius: 5 });
    const loser = await mechanicWithProfile({ baseLocation: 'KGCC', serviceRadius: 5 });
    const { planeId, itemId } = await aircraftWithDueItem(
      pilot,
      { make: 'Cessna', model: '182P', year: 1975, homeAirport: 'KGCC' },
      3418.2,
      { kind: 'annual', lastDoneDate: '2025-10-01' },
    );
    await callRoute(ROUTES.squawkAdd, {
      params: { id: planeId },
      body: { title: 'Left main tire worn', priority: 'fix_soon' },
      as: pilot,
    });
    const request = await callRoute(ROUTES.maintenanceRequest, {
      params: { id: planeId },
      body: { itemIds: [itemId] },
      as: pilot,
    });
    expect(request.status).toBe(201);
    const path = `/api/enhanced/quotes/${request.body.id}/maintenance`;
    expect((await api.get(path, { token: loser.token })).status).toBe(200); // quoting from it
    const winning = await callRoute(ROUTES.requestBid, {
      params: { id: request.body.id },
      body: validBid(),
      as: winner,
    });
    await callRoute(ROUTES.requestBid, { params: { id: request.body.id }, body: validBid(), as: loser });
    expect(
      (
        await callRoute(ROUTES.requestAccept, {
          params: { id: request.body.id },
          body: { bidId: winning.body.id },
          as: pilot,
        })
      ).status,
    ).toBe(200);

    const lost = await api.get(path, { token: loser.token });
    expect(lost.status).toBe(404);
    expect(lost.body).toEqual({ detail: 'Service request not found' });
    expect((await api.get(path, { token: winner.token })).status).toBe(200);
    expect((await api.get(path, { token: pilot.token })).status).toBe(200);
  });
});
