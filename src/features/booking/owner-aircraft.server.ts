import { aircraftClassOf } from '../../contract/booking.ts';
import { isUuid } from '../../contract/ids.ts';
import type { Db } from '../../server/db/client.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import { badRequest, forbidden, notFound } from '../../server/http/errors.ts';
import { resolveLocation } from '../marketplace/geo/resolve.ts';

// Who books and for what: only pilots, for their own aircraft, whose home airport places it and
// whose class prices it (offers and holds both start here).

/** Only pilots book: a mechanic or an administrator is told so. */
export function requireOwner(user: UserRow): void {
  if (user.role !== 'pilot') throw forbidden('Only aircraft owners can book a mechanic');
}

export async function ownAircraftWithClass(db: Db, ownerId: string, aircraftId: string) {
  if (!isUuid(aircraftId)) throw notFound('Aircraft not found');
  const aircraft = await db
    .selectFrom('aircraft')
    .selectAll()
    .where('id', '=', aircraftId)
    .where('ownerId', '=', ownerId)
    .executeTakeFirst();
  if (!aircraft) throw notFound('Aircraft not found');
  const place = resolveLocation(aircraft.homeAirport);
  if (!place)
    throw badRequest(`Add ${aircraft.tailNumber}'s home airport in My Aircraft to see mechanics who serve it`, [
      { path: 'aircraftId', message: 'The aircraft has no home airport' },
    ]);
  const aircraftClass = aircraftClassOf(aircraft.make, aircraft.model);
  if (!aircraftClass) {
    throw badRequest(
      `Flat rates are priced by aircraft class, and we cannot tell the class of a ${aircraft.make} ${aircraft.model}: request service to get quotes instead`,
      [{ path: 'aircraftId', message: 'Unknown aircraft class' }],
    );
  }
  return { aircraft, place, aircraftClass };
}
