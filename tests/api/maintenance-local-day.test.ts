import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute } from '../helpers/call-route.ts';
import { useIsolatedDatabase } from '../helpers/isolated-db.ts';
import { notificationsOf, uniqueTail } from '../helpers/marketplace.ts';
import { createUser } from '../helpers/users.ts';

// The reminders run over every aircraft at once, on the day at each aircraft's airport: at 7 PM
// in California on Oct 31 (02:00 UTC on Nov 1) an annual due by Oct 31 is due today, not overdue.
// The run reads every aircraft and this suite moves the clock, so its database is its own.

beforeAll(async () => {
  await useIsolatedDatabase();
});
afterEach(() => {
  vi.useRealTimers();
});

const runReminders = async () => {
  const mod = await import('../../netlify/functions/maintenance-reminders.ts');
  expect((await mod.default()).status).toBe(204);
};

describe('maintenance reminders on the local day at the aircraft’s airport', () => {
  it('tells a KSQL owner at 7 PM PDT on Oct 31 that the annual due by Oct 31 is due soon, not overdue', async () => {
    const pilot = await createUser('pilot');
    const plane = await callRoute(ROUTES.aircraftAdd, {
      body: {
        tailNumber: uniqueTail(),
        make: 'Cessna',
        model: '172S',
        year: '2004',
        totalHours: '1000',
        homeAirport: 'KSQL',
      },
      as: pilot,
    });
    expect(plane.status).toBe(201);
    const annual = await callRoute(ROUTES.maintenanceItemAdd, {
      params: { id: plane.body.id },
      body: { kind: 'annual', lastDoneDate: '2025-10-15' },
      as: pilot,
    });
    expect(annual.status).toBe(201);

    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-01T02:00:00Z') });
    await runReminders();
    vi.useRealTimers();

    const told = (await notificationsOf(pilot)).filter((n) => n.type.startsWith('maintenance.'));
    expect(told.map((n) => n.type)).toEqual(['maintenance.due_soon']);
    expect(told[0]!.message).toContain('is due by Oct 31, 2026');
  });
});
