import type { Aircraft, AircraftData } from '../../contract/marketplace.ts';
import type { Db } from '../../server/db/client.ts';
import { conflict } from '../../server/http/errors.ts';
import { toAircraft } from './mappers.server.ts';

export async function listAircraft(db: Db, ownerId: string): Promise<Aircraft[]> {
  const rows = await db.selectFrom('aircraft').selectAll().where('ownerId', '=', ownerId).orderBy('createdAt', 'desc').execute();
  return rows.map(toAircraft);
}

export async function addAircraft(db: Db, ownerId: string, data: AircraftData): Promise<Aircraft> {
  const row = await db
    .insertInto('aircraft')
    .values({
      ownerId,
      tailNumber: data.tailNumber,
      make: data.make,
      model: data.model,
      year: data.year,
      totalHours: data.totalHours,
      usage: data.usage,
      homeAirport: data.homeAirport,
    })
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) throw conflict(`You have already added an aircraft with tail number ${data.tailNumber}`);
  return toAircraft(row);
}
