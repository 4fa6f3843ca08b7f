import { AOG, type AogCreated, type AogReportData } from '../../contract/aog.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import { HttpError, badRequest, forbidden, notFound } from '../../server/http/errors.ts';
import { ownerAircraftFor } from '../marketplace/request-aircraft.server.ts';
import { findAirport, unknownAirportMessage } from './airports.ts';
import { askMechanics } from './dispatch.server.ts';

/** Open calls an owner may have at once: enough for a fleet's bad day, not a way to page every mechanic. */
export const MAX_OPEN_PER_OWNER = 3;

export function requireOwner(user: UserRow): void {
  if (user.role !== 'pilot') throw forbidden('Only aircraft owners can report an aircraft on ground');
}

/**
 * POST /api/aog: stores the report on one of the owner's aircraft (a typed one is added to My
 * Aircraft, as requests do: ADR 0162), opens its timeline and asks the nearest mechanics it reaches
 * at the first radius, all in one transaction. The emails and texts leave through the outbox.
 */
export async function reportAog(db: Db, owner: UserRow, data: AogReportData): Promise<AogCreated> {
  requireOwner(owner);
  const airport = findAirport(data.airport);
  if (!airport)
    throw badRequest(unknownAirportMessage(data.airport), [
      { path: 'airport', message: unknownAirportMessage(data.airport) },
    ]);
  if (data.documentIds.length > 0) {
    const own = await db
      .selectFrom('documents')
      .select('id')
      .where('id', 'in', data.documentIds)
      .where('ownerId', '=', owner.id)
      .execute();
    if (own.length !== new Set(data.documentIds).size)
      throw badRequest('Photos must be documents you uploaded', [
        { path: 'documentIds', message: 'Photos must be documents you uploaded' },
      ]);
  }
  const radiusMiles = AOG.radiusStepsMiles[0];
  return db.transaction().execute(async (trx) => {
    // One owner's reports one after another: the open-call cap holds even for two taps at once.
    await trx.selectFrom('users').select('id').where('id', '=', owner.id).forNoKeyUpdate().execute();
    const open = await trx
      .selectFrom('aogReports')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('ownerId', '=', owner.id)
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
    if (Number(open.n) >= MAX_OPEN_PER_OWNER)
      throw new HttpError(
        409,
        `You already have ${MAX_OPEN_PER_OWNER} open aircraft-on-ground calls. Cancel one or wait for a mechanic.`,
      );

    let aircraft: { id: string; tailNumber: string; make: string; model: string };
    if (data.aircraftId) {
      const saved = await trx
        .selectFrom('aircraft')
        .select(['id', 'tailNumber', 'make', 'model'])
        .where('id', '=', data.aircraftId)
        .where('ownerId', '=', owner.id)
        .executeTakeFirst();
      if (!saved) throw notFound('Aircraft not found');
      aircraft = saved;
    } else {
      const tail = data.aircraftTailNumber!;
      const id = await ownerAircraftFor(trx, owner.id, {
        tail,
        make: data.aircraftMake!,
        model: data.aircraftModel!,
        year: null,
        hours: null,
        location: null,
      });
      aircraft = await trx
        .selectFrom('aircraft')
        .select(['id', 'tailNumber', 'make', 'model'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    }

    const row = await trx
      .insertInto('aogReports')
      .values({
        ownerId: owner.id,
        aircraftId: aircraft.id,
        aircraftTailNumber: aircraft.tailNumber,
        aircraftMake: aircraft.make,
        aircraftModel: aircraft.model,
        airport: airport.code,
        airportLabel: airport.label,
        latitude: airport.latitude,
        longitude: airport.longitude,
        locationOnField: data.locationOnField,
        symptoms: data.symptoms,
        description: data.description,
        documentIds: data.documentIds,
        access: JSON.stringify(data.access),
        canFlyOut: data.canFlyOut,
        callbackPhone: data.callbackPhone,
        radiusMiles,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const asked = await askMechanics(trx, row, 0, radiusMiles);
    await trx
      .insertInto('aogEvents')
      .values({
        aogId: row.id,
        status: row.status,
        note: `Reported at ${airport.label}. ${asked.length} ${asked.length === 1 ? 'mechanic' : 'mechanics'} within ${radiusMiles} mi asked.`,
        byUserId: owner.id,
      })
      .execute();
    return { id: row.id, status: 'open', radiusMiles, notified: asked.length };
  });
}
