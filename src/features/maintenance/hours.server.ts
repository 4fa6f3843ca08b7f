import type { HoursReading } from '../../contract/maintenance.ts';
import { inTransaction, type Db, type Tx } from '../../server/db/client.ts';
import { badRequest } from '../../server/http/errors.ts';
import { dateOnly, num } from '../marketplace/mappers.server.ts';
import { aircraftToday } from '../marketplace/geo/airport-day.ts';
import { assertTach, lastReadingDate, tachFloor } from './tach-rule.server.ts';
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

export async function addReading(
  trx: Tx,
  aircraft: AircraftRow,
  hours: number,
  date: string,
  recordId: string | null = null,
): Promise<HoursReading> {
  // The one tach rule (tach-rule.server.ts); a reading is also never dated before the last one.
  const lastDate = await lastReadingDate(trx, aircraft.id);
  await assertTach(trx, aircraft.id, hours, lastDate !== null && lastDate > date ? lastDate : date, 'hours');
  if (lastDate !== null && date < lastDate) {
    const message = `Date cannot be before the last reading (${lastDate})`;
    throw badRequest(message, [{ path: 'date', message }]);
  }
  const row = await trx
    .insertInto('aircraftHours')
    .values({ aircraftId: aircraft.id, hours, readingDate: date, recordId })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('aircraft')
    .set({ totalHours: hours, updatedAt: new Date() })
    .where('id', '=', aircraft.id)
    .execute();
  return { id: row.id, hours: num(row.hours), date: dateOnly(row.readingDate) };
}

/**
 * A job's tach (the total time of its signed entry) as a reading of its aircraft, dated the
 * entry's day and naming the entry: the due list and "Log hours" then follow it, whatever the job
 * was (docs/decisions/0361-every-job-moves-the-hours.md). Nothing is logged when the readings
 * already reach it, or when a reading is dated after the entry (a reading is never dated before
 * the last one). A correction first removes the reading of the entry it supersedes: the corrected
 * total time and day replace it (docs/decisions/0395-a-correction-moves-what-the-entry-moved.md).
 */
export async function recordJobTach(
  db: Db,
  aircraftId: string | null,
  hours: number | null,
  date: string,
  record: { id: string; supersedesId: string | null },
) {
  if (aircraftId === null) return;
  const run = async (trx: Tx) => {
    const aircraft = await trx
      .selectFrom('aircraft')
      .selectAll()
      .where('id', '=', aircraftId)
      .forUpdate()
      .executeTakeFirst();
    if (!aircraft) return;
    if (record.supersedesId !== null) {
      const removed = await trx
        .deleteFrom('aircraftHours')
        .where('aircraftId', '=', aircraftId)
        .where('recordId', '=', record.supersedesId)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) > 0) {
        // The aircraft's hours are its latest reading's again (a correction may lower them).
        const latest = await trx
          .selectFrom('aircraftHours')
          .select('hours')
          .where('aircraftId', '=', aircraftId)
          .orderBy('readingDate', 'desc')
          .orderBy('hours', 'desc')
          .executeTakeFirst();
        if (latest)
          await trx
            .updateTable('aircraft')
            .set({ totalHours: latest.hours, updatedAt: new Date() })
            .where('id', '=', aircraftId)
            .execute();
      }
    }
    if (hours === null) return;
    const floor = await tachFloor(trx, aircraftId, date);
    if (floor !== null && hours <= floor) return;
    const lastDate = await lastReadingDate(trx, aircraftId);
    if (lastDate !== null && lastDate > date) return;
    await addReading(trx, aircraft, hours, date, record.id);
  };
  await inTransaction(db, run);
}
