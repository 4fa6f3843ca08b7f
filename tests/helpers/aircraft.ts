import { expect } from 'vitest';
import { ROUTES } from '../../src/contract/routes.ts';
import type { InputOf } from '../../src/contract/routes/route.ts';
import { localDayAt } from '../../src/features/marketplace/geo/airport-day.ts';
import { callRoute } from './call-route.ts';
import { uniqueTail } from './marketplace.ts';
import type { TestUser } from './users.ts';

type AircraftInput = InputOf<typeof ROUTES.aircraftAdd>;
type ItemInput = InputOf<typeof ROUTES.maintenanceItemAdd>;

/**
 * An owner's aircraft with its hours read today and one due item: the start of every test of a
 * job made from the due list. The reading is dated the day at the aircraft's own airport, as the
 * product dates records (a day at another airport could be tomorrow there, and refused).
 */
export async function aircraftWithDueItem(
  pilot: TestUser,
  aircraft: Omit<AircraftInput, 'tailNumber'> & { homeAirport: string },
  hours: number,
  item: ItemInput,
): Promise<{ planeId: string; itemId: string }> {
  const plane = await callRoute(ROUTES.aircraftAdd, { body: { tailNumber: uniqueTail(), ...aircraft }, as: pilot });
  expect(plane.status).toBe(201);
  await callRoute(ROUTES.aircraftHours, {
    params: { id: plane.body.id },
    body: { hours, date: localDayAt(aircraft.homeAirport) },
    as: pilot,
  });
  const added = await callRoute(ROUTES.maintenanceItemAdd, { params: { id: plane.body.id }, body: item, as: pilot });
  expect(added.status).toBe(201);
  return { planeId: plane.body.id, itemId: added.body.id };
}
