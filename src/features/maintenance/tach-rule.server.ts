import { sql } from 'kysely';
import type { Db } from '../../server/db/client.ts';
import { badRequest } from '../../server/http/errors.ts';
import { formatDay } from '../../lib/format.ts';
import { dateOnly, num, numOrNull } from '../marketplace/mappers.server.ts';

/**
 * One rule for every tach reading the product takes (docs/decisions/0161-one-tach-rule.md): the
 * owner's "Log hours", the hours a mechanic gives when completing a job or marking items done, and
 * the total time of a logbook entry (edited or signed). A reading dated D is never below the
 * aircraft's highest reading dated on or before D (its hours as entered when it has none).
 *
 * A correction is checked without the reading of the entry it supersedes (`exceptRecordId`): its
 * signature replaces that reading, so a corrected total time may be below it
 * (docs/decisions/0395-a-correction-moves-what-the-entry-moved.md).
 */
export async function tachFloor(
  db: Db,
  aircraftId: string,
  date: string,
  exceptRecordId: string | null = null,
): Promise<number | null> {
  const others = () => {
    const q = db.selectFrom('aircraftHours').where('aircraftId', '=', aircraftId);
    return exceptRecordId === null
      ? q
      : q.where((eb) => eb.or([eb('recordId', 'is', null), eb('recordId', '<>', exceptRecordId)]));
  };
  const last = await others()
    .select(['hours', 'readingDate'])
    .where(sql<string>`reading_date`, '<=', date)
    .orderBy('hours', 'desc')
    .executeTakeFirst();
  if (last) return num(last.hours);
  const anyReading = await db
    .selectFrom('aircraftHours')
    .select('id')
    .where('aircraftId', '=', aircraftId)
    .executeTakeFirst();
  // Every other reading is later than D: nothing known before it. When the superseded entry's own
  // reading is the only one, the aircraft's hours as entered are that reading's: not a floor either.
  if (anyReading) return null;
  const aircraft = await db.selectFrom('aircraft').select('totalHours').where('id', '=', aircraftId).executeTakeFirst();
  return aircraft ? numOrNull(aircraft.totalHours) : null;
}

/**
 * The lowest reading dated after D (leaving out the superseded entry's own): a tach never runs
 * backwards, so a total time dated D above it cannot be true (docs/decisions/0464). Null when no
 * reading is later than D, as for any entry of today.
 */
export async function tachCeiling(
  db: Db,
  aircraftId: string,
  date: string,
  exceptRecordId: string | null = null,
): Promise<{ hours: number; date: string } | null> {
  let q = db
    .selectFrom('aircraftHours')
    .select(['hours', 'readingDate'])
    .where('aircraftId', '=', aircraftId)
    .where(sql<string>`reading_date`, '>', date);
  if (exceptRecordId !== null)
    q = q.where((eb) => eb.or([eb('recordId', 'is', null), eb('recordId', '<>', exceptRecordId)]));
  const next = await q.orderBy('hours', 'asc').orderBy('readingDate', 'asc').executeTakeFirst();
  return next ? { hours: num(next.hours), date: dateOnly(next.readingDate) } : null;
}

/** The refusal of a reading above a later one, naming it, on the field the caller names. */
export function aboveLater(ceiling: { hours: number; date: string }, path: string) {
  const message = `Hours cannot be above a later reading (${ceiling.hours} on ${formatDay(ceiling.date)})`;
  return badRequest(message, [{ path, message }]);
}

/** The refusal of a reading below the floor, on the field the caller names. */
export function belowFloor(floor: number, path: string) {
  const message = `Hours cannot be below the last reading (${floor})`;
  return badRequest(message, [{ path, message }]);
}

/**
 * 400 when `hours` (dated `date`) is below the aircraft's last reading, or above a reading dated
 * after it (an entry dated in the past, a correction re-dated); nothing to check without hours. A correction names the entry it supersedes, whose own reading it replaces.
 */
export async function assertTach(
  db: Db,
  aircraftId: string | null,
  hours: number | null | undefined,
  date: string,
  path: string,
  exceptRecordId: string | null = null,
): Promise<void> {
  if (aircraftId === null || hours === null || hours === undefined) return;
  const floor = await tachFloor(db, aircraftId, date, exceptRecordId);
  if (floor !== null && hours < floor) throw belowFloor(floor, path);
  const ceiling = await tachCeiling(db, aircraftId, date, exceptRecordId);
  if (ceiling !== null && hours > ceiling.hours) throw aboveLater(ceiling, path);
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
