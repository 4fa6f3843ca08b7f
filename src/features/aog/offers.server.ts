import { AOG, type AogAssignData, type AogOffer, type AogOfferData } from '../../contract/aog.ts';
import { timeZoneOfLabel } from '../../contract/appointment-schedule.ts';
import { AOG_MACHINE } from '../../contract/aog-machine.ts';
import type { Appointment } from '../../contract/appointments.ts';
import { isUuid } from '../../contract/ids.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db, Tx } from '../../server/db/client.ts';
import { badRequest, forbidden, notFound } from '../../server/http/errors.ts';
import { transition } from '../../server/http/transition.ts';
import { getAppointment } from '../marketplace/appointments.server.ts';
import { roundedMiles } from '../marketplace/distance.ts';
import { fullName } from '../../server/db/full-name.ts';
import { notify } from '../marketplace/notifications.server.ts';
import { AOG_LINK_SECTION } from './dispatch.server.ts';
import { arrivalText, feeText } from './format.ts';
import { aogNotFound, offerView, type AogRow } from './views.server.ts';
import { dispatch } from './dispatch-offer.server.ts';

/** An arrival promised: not in the past (a minute of clock drift aside), not beyond three days. */
export function checkArrival(arriveBy: string, now: Date, field = 'arriveBy'): Date {
  const at = new Date(arriveBy);
  if (at.getTime() < now.getTime() - AOG.pastToleranceSeconds * 1000)
    throw badRequest('Arrival time is in the past', [{ path: field, message: 'Arrival time is in the past' }]);
  if (at.getTime() > now.getTime() + AOG.maxArrivalHours * 3_600_000)
    throw badRequest(`Arrival time must be within ${AOG.maxArrivalHours} hours`, [
      { path: field, message: `Arrival time must be within ${AOG.maxArrivalHours} hours` },
    ]);
  return at;
}

async function lockedCall(trx: Tx, id: string): Promise<AogRow> {
  if (!isUuid(id)) throw aogNotFound();
  const row = await trx.selectFrom('aogReports').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw aogNotFound();
  return row;
}

/** The approved mechanic's profile and how far the call is from their base, or why they may not answer it. */
async function reachOf(
  trx: Tx,
  mechanicId: string,
  row: AogRow,
): Promise<{ distanceMiles: number; serviceRadius: number } | null> {
  const p = await trx
    .selectFrom('mechanicProfiles as p')
    .innerJoin('users as u', 'u.id', 'p.userId')
    .select(['p.baseLatitude', 'p.baseLongitude', 'p.serviceRadius'])
    .where('p.userId', '=', mechanicId)
    .where('u.role', '=', 'mechanic')
    .where('u.mechanicStatus', '=', 'approved')
    .executeTakeFirst();
  if (!p) return null;
  return {
    distanceMiles: roundedMiles({ latitude: p.baseLatitude, longitude: p.baseLongitude }, row),
    serviceRadius: p.serviceRadius,
  };
}

/**
 * POST /api/aog/:id/offers: a mechanic the call reaches (ADR 0250's rule, as the list shows it)
 * offers an arrival time and a call-out fee; a second offer replaces their first. The call's row is
 * locked, so an offer never lands on a call being accepted: 409 once it has a mechanic.
 */
export async function submitOffer(
  db: Db,
  mechanic: UserRow,
  id: string,
  data: AogOfferData,
  now = new Date(),
): Promise<AogOffer> {
  const arriveBy = checkArrival(data.arriveBy, now);
  const offerId = await db.transaction().execute(async (trx) => {
    const row = await lockedCall(trx, id);
    transition(AOG_MACHINE, row.status, 'offer');
    const reach = await reachOf(trx, mechanic.id, row);
    if (!reach) throw forbidden('Complete your mechanic profile to answer aircraft-on-ground calls');
    if (reach.distanceMiles > Math.min(row.radiusMiles, reach.serviceRadius))
      throw forbidden('This aircraft on ground is not in your area');
    const offer = await trx
      .insertInto('aogOffers')
      .values({
        aogId: row.id,
        mechanicId: mechanic.id,
        arriveBy,
        calloutFeeCents: data.calloutFeeCents,
        note: data.note,
        distanceMiles: reach.distanceMiles,
      })
      .onConflict((oc) =>
        oc
          .constraint('aog_offers_one_per_mechanic')
          .doUpdateSet({ arriveBy, calloutFeeCents: data.calloutFeeCents, note: data.note, updatedAt: now }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    const zone = timeZoneOfLabel(row.airportLabel);
    await notify(trx, [row.ownerId], {
      type: 'aog.offer',
      title: 'A mechanic can come',
      message: `${fullName(mechanic)} can be on site at ${row.airport} by ${arrivalText(arriveBy, zone, now)}, call-out ${feeText(data.calloutFeeCents)}, ${reach.distanceMiles} mi away. Accept an offer in your aircraft-on-ground call.`,
      link: AOG_LINK_SECTION,
      itemId: row.id,
      validWhile: { rule: 'aog_offer_open', aboutId: row.id },
    });
    return offer.id;
  });
  return offerView(db, offerId);
}

/** POST /api/aog/:id/offers/:offerId/accept: the owner's choice; of two at once, one wins (409). */
export async function acceptOffer(
  db: Db,
  owner: UserRow,
  id: string,
  offerId: string,
  now = new Date(),
): Promise<Appointment> {
  const appointmentId = await db.transaction().execute(async (trx) => {
    const row = await lockedCall(trx, id);
    if (row.ownerId !== owner.id) throw aogNotFound();
    transition(AOG_MACHINE, row.status, 'dispatch');
    if (!isUuid(offerId)) throw notFound('Offer not found');
    const offer = await trx
      .selectFrom('aogOffers')
      .selectAll()
      .where('id', '=', offerId)
      .where('aogId', '=', row.id)
      .executeTakeFirst();
    if (!offer) throw notFound('Offer not found');
    return dispatch(trx, row, offer, owner, now);
  });
  return getAppointment(db, appointmentId);
}

/**
 * POST /api/admin/aog/:id/assign: an administrator who reached a mechanic by phone dispatches them:
 * their offer when they made one (updated with what was agreed), else one made now.
 */
export async function assignMechanic(
  db: Db,
  admin: UserRow,
  id: string,
  data: AogAssignData,
  now = new Date(),
): Promise<Appointment> {
  const arriveBy = data.arriveBy
    ? checkArrival(data.arriveBy, now)
    : new Date(now.getTime() + AOG.assignDefaultArrivalMinutes * 60_000);
  const appointmentId = await db.transaction().execute(async (trx) => {
    const row = await lockedCall(trx, id);
    transition(AOG_MACHINE, row.status, 'dispatch');
    const reach = await reachOf(trx, data.mechanicId, row);
    if (!reach)
      throw badRequest('Choose an approved mechanic with a profile', [
        { path: 'mechanicId', message: 'Choose an approved mechanic with a profile' },
      ]);
    const existing = await trx
      .selectFrom('aogOffers')
      .select(['calloutFeeCents'])
      .where('aogId', '=', row.id)
      .where('mechanicId', '=', data.mechanicId)
      .executeTakeFirst();
    const fee = data.calloutFeeCents ?? Number(existing?.calloutFeeCents ?? 0);
    const keepArrival = existing && !data.arriveBy;
    const offer = await trx
      .insertInto('aogOffers')
      .values({
        aogId: row.id,
        mechanicId: data.mechanicId,
        arriveBy,
        calloutFeeCents: fee,
        note: `Dispatched by phone by ${fullName(admin)}`,
        distanceMiles: reach.distanceMiles,
      })
      .onConflict((oc) =>
        oc
          .constraint('aog_offers_one_per_mechanic')
          .doUpdateSet({ ...(keepArrival ? {} : { arriveBy }), calloutFeeCents: fee, updatedAt: now }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    return dispatch(trx, row, offer, admin, now);
  });
  return getAppointment(db, appointmentId);
}
