import { sql } from 'kysely';
import type { Db, Tx } from '../../server/db/client.ts';
import { resolveLocation } from './geo/resolve.ts';

/** The aircraft a request speaks of, as typed on it. */
export interface TypedAircraft {
  tail: string;
  make: string;
  model: string;
  year: number | null;
  hours: number | string | null;
  location: string | null;
}

/**
 * The owner's aircraft with this registration, added to their aircraft when they have none: a
 * request, and so the logbook entry of its job, always belongs to one of the owner's aircraft
 * (docs/decisions/0162-every-entry-has-an-aircraft.md). Registrations compare as the unique index
 * does (upper case), so a typed "n123ab" is the saved N123AB.
 */
export async function ownerAircraftFor(trx: Tx, ownerId: string, typed: TypedAircraft): Promise<string> {
  const tail = typed.tail.trim().toUpperCase();
  const find = () =>
    trx
      .selectFrom('aircraft')
      .select('id')
      .where('ownerId', '=', ownerId)
      .where(sql<string>`upper(tail_number)`, '=', tail)
      .executeTakeFirst();
  const found = await find();
  if (found) return found.id;
  const place = typed.location ? resolveLocation(typed.location) : null;
  const inserted = await trx
    .insertInto('aircraft')
    .values({
      ownerId,
      tailNumber: tail,
      make: typed.make,
      model: typed.model,
      year: typed.year,
      totalHours: typed.hours,
      homeAirport: place ? typed.location : null,
    })
    .onConflict((oc) => oc.doNothing()) // the same registration added at the same moment: take that one
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  const added = await find();
  if (!added) throw new Error(`The aircraft ${tail} of owner ${ownerId} could be neither found nor added`);
  return added.id;
}

/**
 * A request stored before every request had an aircraft: linked now to the owner's aircraft of
 * that registration (added when missing), and the job's logbook entries with it.
 */
export async function linkRequestAircraft(db: Db, serviceRequestId: string): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const r = await trx
      .selectFrom('serviceRequests')
      .select([
        'id',
        'customerId',
        'aircraftId',
        'aircraftTailNumber',
        'aircraftMake',
        'aircraftModel',
        'aircraftYear',
        'aircraftTotalHours',
        'aircraftLocation',
      ])
      .where('id', '=', serviceRequestId)
      .forUpdate()
      .executeTakeFirst();
    if (!r) return null;
    if (r.aircraftId) return r.aircraftId;
    if (!r.aircraftTailNumber.trim()) return null;
    const aircraftId = await ownerAircraftFor(trx, r.customerId, {
      tail: r.aircraftTailNumber,
      make: r.aircraftMake,
      model: r.aircraftModel,
      year: r.aircraftYear,
      hours: r.aircraftTotalHours,
      location: r.aircraftLocation,
    });
    await trx.updateTable('serviceRequests').set({ aircraftId }).where('id', '=', r.id).execute();
    await sql`update maintenance_records m set aircraft_id = ${aircraftId}
      from appointments a where a.id = m.appointment_id and a.service_request_id = ${r.id} and m.aircraft_id is null`.execute(
      trx,
    );
    return aircraftId;
  });
}
