import type { Aircraft, AircraftData } from '../../contract/marketplace.ts';
import type { Db } from '../../server/db/client.ts';
import { conflict } from '../../server/http/errors.ts';
import { toAircraft } from './mappers.server.ts';
import { afterKey, cut, keyOf, type KeyColumn, type PageRequest, type Paged } from '../../server/http/paging.ts';

/** An owner's aircraft page newest first (docs/decisions/0201-cursor-paging.md). */
export const AIRCRAFT_KEYS: KeyColumn[] = [
  { ref: 'aircraft.created_at', type: 'timestamptz' },
  { ref: 'aircraft.id', type: 'uuid' },
];

export async function listAircraft(db: Db, ownerId: string, page: PageRequest): Promise<Paged<Aircraft>> {
  let query = db
    .selectFrom('aircraft')
    .selectAll()
    .select(keyOf(AIRCRAFT_KEYS).as('pageKey'))
    .where('ownerId', '=', ownerId);
  if (page.after) query = query.where(afterKey(AIRCRAFT_KEYS, page.after, 'desc'));
  const rows = await query
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit + 1)
    .execute();
  const { rows: shown, nextCursor } = cut(rows, page.limit);
  return { rows: shown.map(toAircraft), nextCursor };
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
