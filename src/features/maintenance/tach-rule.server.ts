import { sql } from 'kysely';
import type { Db } from '../../server/db/client.ts';
import { badRequest } from '../../server/http/errors.ts';
import { dateOnly, num, numOrNull } from '../marketplace/mappers.server.ts';

/**
 * One rule for every tach reading the product takes (docs/decisions/0161-one-tach-rule.md): the
 * owner's "Log hours", the hours a mechanic gives when completing a job or marking items done, and
 * the total time of a logbook entry (edited or signed). A reading dated D is never below the
 * aircraft's highest reading dated on or before D (its hours as entered when it has none).
 */
export async function tachFloor(db: Db, aircraftId: string, date: string): Promise<number | null> {
  const last = await db
    .selectFrom('aircraftHours')
    .select(['hours', 'readingDate'])
    .where('aircraftId', '=', aircraftId)
    .where(sql<string>`reading_date`, '<=', date)
    .orderBy('hours', 'desc')
    .executeTakeFirst();
  if (last) return num(last.hours);
  const anyReading = await db
    .selectFrom('aircraftHours')
    .select('id')
    .where('aircraftId', '=', aircraftId)
    .executeTakeFirst();
  if (anyReading) return null; // every reading is later than D: nothing known before it
  const aircraft = await db.selectFrom('aircraft').select('totalHours').where('id', '=', aircraftId).executeTakeFirst();
  return aircraft ? numOrNull(aircraft.totalHours) : null;
}

/** The refusal of a reading below the floor, on the field the caller names. */
export function belowFloor(floor: number, path: string) {
  const message = `Hours cannot be below the last reading (${floor})`;
  return badRequest(message, [{ path, message }]);
}

/** 400 when `hours` (dated `date`) is below the aircraft's last reading; nothing to check without hours. */
export async function assertTach(
  db: Db,
  aircraftId: string | null,
  hours: number | null | undefined,
  date: string,
  path: string,
): Promise<void> {
  if (aircraftId === null || hours === null || hours === undefined) return;
  const floor = await tachFloor(db, aircraftId, date);
  if (floor !== null && hours < floor) throw belowFloor(floor, path);
}

/** The latest reading's date, for the rule that a new reading is not dated before it. */
export async function lastReadingDate(db: Db, aircraftId: string): Promise<string | null> {
  const last = await db
    .selectFrom('aircraftHours')
    .select('readingDate')
    .where('aircraftId', '=', aircraftId)
    .orderBy('readingDate', 'desc')
    .executeTakeFirst();
  return last ? dateOnly(last.readingDate) : null;
}
