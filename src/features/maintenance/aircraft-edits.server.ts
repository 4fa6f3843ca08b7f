import type { AircraftPatch } from '../../contract/maintenance.ts';
import type { Aircraft } from '../../contract/marketplace.ts';
import type { Db } from '../../server/db/client.ts';
import { conflict } from '../../server/http/errors.ts';
import { toAircraft } from '../marketplace/mappers.server.ts';
import { checkAirport, ownAircraft } from './maintenance.server.ts';

// ---------------------------------------------------------------------------------------------
// Aircraft

export async function updateAircraft(db: Db, ownerId: string, id: string, patch: AircraftPatch): Promise<Aircraft> {
  checkAirport(patch.homeAirport ?? null);
  return db.transaction().execute(async (trx) => {
    await ownAircraft(trx, ownerId, id, true);
    const set: Record<string, unknown> = { updatedAt: new Date() };
    for (const key of [
      'tailNumber',
      'make',
      'model',
      'usage',
      'homeAirport',
      'year',
      'totalHours',
      'dueSoonDays',
      'dueSoonHours',
    ] as const) {
      if (patch[key] === undefined) continue;
      if ((key === 'dueSoonDays' || key === 'dueSoonHours') && patch[key] === null) continue; // '' keeps the default
      set[key] = patch[key];
    }
    if (patch.tailNumber) {
      const clash = await trx
        .selectFrom('aircraft')
        .select('id')
        .where('ownerId', '=', ownerId)
        .where('id', '<>', id)
        .where((eb) => eb(eb.fn('upper', ['tailNumber']), '=', patch.tailNumber!))
        .executeTakeFirst();
      if (clash) throw conflict(`You have already added an aircraft with tail number ${patch.tailNumber}`);
    }
    const row = await trx
      .updateTable('aircraft')
      .set(set)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toAircraft(row);
  });
}

/** Deletes the aircraft with its readings, items and squawks; its past requests keep their copy of its details. */
export async function deleteAircraft(db: Db, ownerId: string, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await ownAircraft(trx, ownerId, id, true);
    await trx.deleteFrom('aircraft').where('id', '=', id).execute();
  });
}
