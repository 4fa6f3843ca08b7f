import type { HoursReading } from '../../contract/maintenance.ts';
import type { Db } from '../../server/db/client.ts';
import { badRequest } from '../../server/http/errors.ts';
import { dateOnly, num } from '../marketplace/mappers.server.ts';
import { aircraftToday } from './airport-day.ts';
import { assertTach, lastReadingDate } from './tach-rule.server.ts';
import { type AircraftRow, ownAircraft } from './maintenance.server.ts';

// ---------------------------------------------------------------------------------------------
// Hours

/**
 * A tach or Hobbs reading. Never below the last one, nor dated before it, nor in the future. The
 * aircraft is locked so two readings at once are checked one after the other.
 */
export async function logHours(
  db: Db,
  ownerId: string,
  aircraftId: string,
  hours: number,
  date: string,
  today?: string,
): Promise<HoursReading> {
  return db.transaction().execute(async (trx) => {
    const aircraft = await ownAircraft(trx, ownerId, aircraftId, true);
    // The owner's day is the day at the aircraft's airport (docs/decisions/0360).
    if (date > (today ?? aircraftToday(aircraft)))
      throw badRequest('Date cannot be in the future', [{ path: 'date', message: 'Date cannot be in the future' }]);
    return addReading(trx, aircraft, hours, date);
  });
}

export async function addReading(trx: Db, aircraft: AircraftRow, hours: number, date: string): Promise<HoursReading> {
  // The one tach rule (tach-rule.server.ts); a reading is also never dated before the last one.
  const lastDate = await lastReadingDate(trx, aircraft.id);
  await assertTach(trx, aircraft.id, hours, lastDate !== null && lastDate > date ? lastDate : date, 'hours');
  if (lastDate !== null && date < lastDate) {
    const message = `Date cannot be before the last reading (${lastDate})`;
    throw badRequest(message, [{ path: 'date', message }]);
  }
  const row = await trx
    .insertInto('aircraftHours')
    .values({ aircraftId: aircraft.id, hours, readingDate: date })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('aircraft')
    .set({ totalHours: hours, updatedAt: new Date() })
    .where('id', '=', aircraft.id)
    .execute();
  return { id: row.id, hours: num(row.hours), date: dateOnly(row.readingDate) };
}
