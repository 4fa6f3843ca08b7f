import { AircraftSchema } from '../../src/contract/marketplace.ts';
import { ItemCreateSchema } from '../../src/contract/maintenance.ts';
import { addDays, addMonthsClamped } from '../../src/features/maintenance/dates.ts';
import { localDayAt } from '../../src/features/marketplace/geo/airport-day.ts';
import { addItem } from '../../src/features/maintenance/items.server.ts';
import { addSquawk } from '../../src/features/maintenance/squawks.server.ts';
import { logHours } from '../../src/features/maintenance/hours.server.ts';
import { updateAircraft } from '../../src/features/maintenance/aircraft-edits.server.ts';
import { addAircraft } from '../../src/features/marketplace/aircraft.server.ts';
import type { Db } from '../../src/server/db/client.ts';
import { DEMO_ACCOUNTS } from './seed-accounts.ts';

/**
 * Maintenance tracking for the demo pilot's two aircraft, through the same services as the API:
 * N734PP (private, home KSQL) airworthy with an oil change due soon; N28PA (flight school, for
 * hire, home KPAO) not airworthy: annual and 100-hour overdue and a grounding squawk. Dates are
 * relative to the day of seeding. Runs once: skipped when the pilot already has due items.
 */
export async function seedMaintenance(db: Db): Promise<void> {
  const pilot = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', DEMO_ACCOUNTS.pilot.email)
    .executeTakeFirst();
  if (!pilot) return;
  const tracked = await db
    .selectFrom('maintenanceItems as i')
    .innerJoin('aircraft as a', 'a.id', 'i.aircraftId')
    .select('i.id')
    .where('a.ownerId', '=', pilot.id)
    .executeTakeFirst();
  if (tracked) return;

  // The demo aircraft are based in the Bay Area: their dates are the day there.
  const today = localDayAt('KSQL');
  const monthsAgo = (n: number) => addMonthsClamped(today, -n);
  async function plane(tailNumber: string, make: string, model: string, year: number, totalHours: number) {
    const found = await db
      .selectFrom('aircraft')
      .select('id')
      .where('ownerId', '=', pilot!.id)
      .where('tailNumber', '=', tailNumber)
      .executeTakeFirst();
    return (
      found?.id ??
      (await addAircraft(db, pilot!.id, AircraftSchema.parse({ tailNumber, make, model, year, totalHours }))).id
    );
  }
  const item = (aircraftId: string, body: Record<string, unknown>) =>
    addItem(db, pilot.id, aircraftId, ItemCreateSchema.parse(body));

  // Airworthy: everything current, the oil change coming due within 10 hours.
  const skylane = await plane('N734PP', 'Cessna', '182T Skylane', 2006, 2310.4);
  await updateAircraft(db, pilot.id, skylane, { usage: 'private', homeAirport: 'KSQL' });
  await logHours(db, pilot.id, skylane, 2310.4, addDays(today, -85));
  await logHours(db, pilot.id, skylane, 2342, addDays(today, -45));
  await logHours(db, pilot.id, skylane, 2371.5, addDays(today, -2));
  await item(skylane, { kind: 'annual', lastDoneDate: monthsAgo(5), lastDoneHours: 2322 });
  await item(skylane, { kind: 'transponder', lastDoneDate: monthsAgo(10) });
  await item(skylane, { kind: 'pitot_static', lastDoneDate: monthsAgo(10) });
  await item(skylane, { kind: 'elt', lastDoneDate: monthsAgo(5) });
  await item(skylane, { kind: 'elt', title: 'ELT battery', dueDate: addMonthsClamped(today, 14) });
  await item(skylane, { kind: 'registration', dueDate: addMonthsClamped(today, 30) });
  await item(skylane, {
    kind: 'custom',
    title: 'Oil change',
    lastDoneDate: monthsAgo(2),
    lastDoneHours: 2330,
    intervalMonths: 4,
    intervalHours: 50,
  });

  // Not airworthy: a flight-school Archer with the annual and the 100-hour overdue and a grounding squawk.
  const archer = await plane('N28PA', 'Piper', 'PA-28-181 Archer', 1999, 5120);
  await updateAircraft(db, pilot.id, archer, { usage: 'for_hire', homeAirport: 'KPAO' });
  await logHours(db, pilot.id, archer, 5120, addDays(today, -80));
  await logHours(db, pilot.id, archer, 5168, addDays(today, -40));
  await logHours(db, pilot.id, archer, 5212.6, addDays(today, -1));
  await item(archer, { kind: 'annual', lastDoneDate: monthsAgo(13), lastDoneHours: 4890 });
  await item(archer, { kind: '100_hour', lastDoneDate: monthsAgo(2), lastDoneHours: 5105 });
  await item(archer, {
    kind: 'ad',
    adNumber: '2011-10-09',
    title: 'AD 2011-10-09 (seat rails)',
    lastDoneDate: monthsAgo(1),
    lastDoneHours: 5150,
    intervalHours: 100,
    intervalMonths: 12,
  });
  await item(archer, { kind: 'transponder', lastDoneDate: monthsAgo(20) });
  await addSquawk(db, pilot.id, archer, {
    title: 'Left magneto drop 250 rpm',
    description: 'Rough on the left mag at run-up; right mag normal.',
    priority: 'grounding',
    documentId: null,
  });
  await addSquawk(db, pilot.id, archer, {
    title: 'Cabin door seal worn',
    description: null,
    priority: 'when_convenient',
    documentId: null,
  });
}
