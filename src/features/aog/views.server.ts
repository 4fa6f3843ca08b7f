import { sql, type Selectable } from 'kysely';
import {
  AOG,
  AOG_BUSY_STATUSES,
  AOG_WIDEST_RADIUS,
  type AogAdminItem,
  type AogOffer,
  type AogOpenCall,
  type AogSummary,
  type AogView,
} from '../../contract/aog.ts';
import { isUuid } from '../../contract/ids.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import type { AogReportsTable } from '../../server/db/tables/aog.ts';
import { notFound } from '../../server/http/errors.ts';
import { fullName } from '../../server/db/full-name.ts';
import { iso, isoOrNull } from '../marketplace/mappers.server.ts';
import { boxAround, inBox } from '../marketplace/match-query.server.ts';
import { reachesSql } from './reach.server.ts';

export type AogRow = Selectable<AogReportsTable>;

export const aogNotFound = () => notFound('Aircraft on ground not found');

/** Offers of calls with their mechanic's name, business, rating (null before the first) and jobs. */
function offersWithMechanic(db: Db) {
  return db
    .selectFrom('aogOffers as o')
    .innerJoin('users as u', 'u.id', 'o.mechanicId')
    .leftJoin('mechanicProfiles as p', 'p.userId', 'o.mechanicId')
    .selectAll('o')
    .select(['u.firstName', 'u.lastName', 'p.businessName', 'p.rating', 'p.completedJobs'])
    .select((eb) =>
      eb
        .selectFrom('ratings as r')
        .whereRef('r.mechanicId', '=', 'o.mechanicId')
        .select(eb.fn.countAll<string>().as('n'))
        .as('ratingCount'),
    );
}

type OfferRow = Awaited<ReturnType<ReturnType<typeof offersWithMechanic>['execute']>>[number];

export function toOffer(o: OfferRow): AogOffer {
  return {
    id: o.id,
    mechanic: { id: o.mechanicId, name: fullName(o), businessName: o.businessName ?? null },
    arriveBy: iso(o.arriveBy),
    calloutFeeCents: Number(o.calloutFeeCents),
    distanceMiles: o.distanceMiles,
    rating: Number(o.ratingCount ?? 0) > 0 && o.rating !== null ? Number(o.rating) : null,
    ratingCount: Number(o.ratingCount ?? 0),
    completedJobs: o.completedJobs ?? 0,
    note: o.note,
    status: o.status,
  };
}

export async function offerView(db: Db, offerId: string): Promise<AogOffer> {
  return toOffer(await offersWithMechanic(db).where('o.id', '=', offerId).executeTakeFirstOrThrow());
}

/** The whole call for its owner, its dispatched mechanic (their own offer only) or an administrator. */
export async function aogView(db: Db, row: AogRow, viewer: UserRow): Promise<AogView> {
  let offers = offersWithMechanic(db).where('o.aogId', '=', row.id);
  if (viewer.role === 'mechanic') offers = offers.where('o.mechanicId', '=', viewer.id);
  const [offerRows, events, mechanic, notified] = await Promise.all([
    offers.orderBy('o.arriveBy').orderBy('o.calloutFeeCents').orderBy('o.id').execute(),
    db
      .selectFrom('aogEvents')
      .select(['createdAt', 'status', 'note'])
      .where('aogId', '=', row.id)
      .orderBy('createdAt')
      .orderBy('id')
      .execute(),
    row.mechanicId
      ? db
          .selectFrom('users as u')
          .leftJoin('mechanicProfiles as p', 'p.userId', 'u.id')
          .select(['u.id', 'u.firstName', 'u.lastName', 'p.businessName'])
          .where('u.id', '=', row.mechanicId)
          .executeTakeFirst()
      : Promise.resolve(undefined),
    db
      .selectFrom('aogNotified')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('aogId', '=', row.id)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    id: row.id,
    status: row.status,
    aircraft: {
      id: row.aircraftId,
      tailNumber: row.aircraftTailNumber,
      make: row.aircraftMake,
      model: row.aircraftModel,
    },
    airport: row.airport,
    airportLabel: row.airportLabel,
    locationOnField: row.locationOnField,
    symptoms: row.symptoms,
    description: row.description,
    documentIds: row.documentIds,
    access: row.access,
    canFlyOut: row.canFlyOut,
    callbackPhone: row.callbackPhone,
    radiusMiles: row.radiusMiles,
    step: row.step,
    notified: Number(notified.n),
    createdAt: iso(row.createdAt),
    arriveBy: isoOrNull(row.arriveBy),
    mechanic: mechanic
      ? { id: mechanic.id, name: fullName(mechanic), businessName: mechanic.businessName ?? null }
      : null,
    offers: offerRows.map(toOffer),
    timeline: events.map((e) => ({ at: iso(e.createdAt), status: e.status, note: e.note })),
    appointmentId: row.appointmentId,
  };
}

/** GET /api/aog/:id: the owner, the dispatched mechanic and administrators; anyone else 404. */
export async function getAog(db: Db, viewer: UserRow, id: string): Promise<AogView> {
  if (!isUuid(id)) throw aogNotFound();
  const row = await db.selectFrom('aogReports').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || !canSee(row, viewer)) throw aogNotFound();
  return aogView(db, row, viewer);
}

export function canSee(row: AogRow, viewer: UserRow): boolean {
  return (
    viewer.role === 'admin' || row.ownerId === viewer.id || (viewer.role === 'mechanic' && row.mechanicId === viewer.id)
  );
}

/**
 * GET /api/aog/open: the open calls that reach this mechanic now (the same rule that asked them),
 * nearest first. Few calls are open at once (a partial index holds only them), so the rule is
 * applied to each rather than stored.
 */
export async function openCalls(db: Db, mechanic: UserRow): Promise<AogOpenCall[]> {
  const { rows } = await sql<{
    id: string;
    status: AogOpenCall['status'];
    aircraftTailNumber: string;
    aircraftMake: string;
    aircraftModel: string;
    airport: string;
    airportLabel: string;
    locationOnField: string;
    symptoms: AogOpenCall['symptoms'];
    description: string | null;
    canFlyOut: boolean;
    escortRequired: boolean;
    distanceMiles: number;
    createdAt: Date;
    offers: number;
    myOfferId: string | null;
    myArriveBy: Date | null;
    myFee: string | null;
    myNote: string | null;
  }>`
    select a.id, a.status, a.aircraft_tail_number as "aircraftTailNumber", a.aircraft_make as "aircraftMake", a.aircraft_model as "aircraftModel",
           a.airport, a.airport_label as "airportLabel", a.location_on_field as "locationOnField", a.symptoms, a.description,
           a.can_fly_out as "canFlyOut", coalesce((a.access->>'escortRequired')::boolean, false) as "escortRequired",
           round(haversine_miles(p.base_latitude, p.base_longitude, a.latitude, a.longitude))::int as "distanceMiles",
           a.created_at as "createdAt",
           (select count(*)::int from aog_offers x where x.aog_id = a.id) as offers,
           mine.id as "myOfferId", mine.arrive_by as "myArriveBy", mine.callout_fee_cents as "myFee", mine.note as "myNote"
    from aog_reports a
    join mechanic_profiles p on p.user_id = ${mechanic.id}::uuid
    left join aog_offers mine on mine.aog_id = a.id and mine.mechanic_id = p.user_id
    where a.status = 'open' and ${reachesSql}
    order by "distanceMiles", a.created_at, a.id
    limit ${AOG.openListLimit}`.execute(db);
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    aircraft: { tailNumber: r.aircraftTailNumber, make: r.aircraftMake, model: r.aircraftModel },
    airport: r.airport,
    airportLabel: r.airportLabel,
    locationOnField: r.locationOnField,
    symptoms: r.symptoms,
    description: r.description,
    canFlyOut: r.canFlyOut,
    escortRequired: r.escortRequired,
    distanceMiles: r.distanceMiles,
    createdAt: iso(r.createdAt),
    offers: r.offers,
    myOffer: r.myOfferId
      ? { id: r.myOfferId, arriveBy: iso(r.myArriveBy!), calloutFeeCents: Number(r.myFee), note: r.myNote }
      : null,
  }));
}

/** GET /api/aog: an owner's reports or a mechanic's dispatches, newest first, a page at a time. */
export async function myCalls(db: Db, user: UserRow, before?: string): Promise<AogSummary[]> {
  const role = user.role === 'mechanic' ? 'mechanic' : 'owner';
  let query = db
    .selectFrom('aogReports as a')
    .leftJoin('users as m', 'm.id', 'a.mechanicId')
    .select([
      'a.id',
      'a.status',
      'a.aircraftTailNumber',
      'a.airport',
      'a.airportLabel',
      'a.createdAt',
      'a.arriveBy',
      'm.firstName',
      'm.lastName',
    ])
    .select((eb) =>
      eb
        .selectFrom('aogOffers as o')
        .whereRef('o.aogId', '=', 'a.id')
        .select(eb.fn.countAll<string>().as('n'))
        .as('offers'),
    )
    .where(role === 'mechanic' ? 'a.mechanicId' : 'a.ownerId', '=', user.id);
  if (before) query = query.where('a.createdAt', '<', new Date(before));
  const rows = await query.orderBy('a.createdAt', 'desc').orderBy('a.id', 'desc').limit(AOG.mineLimit).execute();
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    aircraftTailNumber: r.aircraftTailNumber,
    airport: r.airport,
    airportLabel: r.airportLabel,
    createdAt: iso(r.createdAt),
    arriveBy: isoOrNull(r.arriveBy),
    mechanicName: r.firstName ? fullName({ firstName: r.firstName, lastName: r.lastName ?? '' }) : null,
    offers: Number(r.offers ?? 0),
    role,
  }));
}

/**
 * GET /api/admin/aog: every open call, oldest first, with its age, how far it reached, and the
 * nearest approved mechanics within the widest radius (service area or not) to phone and assign.
 */
export async function adminOpenCalls(db: Db, now = new Date(), after?: string): Promise<AogAdminItem[]> {
  let query = db
    .selectFrom('aogReports as a')
    .innerJoin('users as o', 'o.id', 'a.ownerId')
    .selectAll('a')
    .select(['o.firstName', 'o.lastName'])
    .select((eb) => [
      eb
        .selectFrom('aogNotified as n')
        .whereRef('n.aogId', '=', 'a.id')
        .select(eb.fn.countAll<string>().as('n'))
        .as('notified'),
      eb
        .selectFrom('aogOffers as x')
        .whereRef('x.aogId', '=', 'a.id')
        .select(eb.fn.countAll<string>().as('n'))
        .as('offerCount'),
    ])
    .where('a.status', '=', 'open');
  if (after) query = query.where('a.createdAt', '>', new Date(after));
  const rows = await query.orderBy('a.createdAt').orderBy('a.id').limit(AOG.adminLimit).execute();
  const items: AogAdminItem[] = [];
  for (const r of rows) {
    const { rows: candidates } = await sql<{
      id: string;
      firstName: string;
      lastName: string;
      phone: string | null;
      distanceMiles: number;
      serviceRadius: number;
      available: boolean;
      busy: boolean;
    }>`
      select * from (
        select u.id, u.first_name as "firstName", u.last_name as "lastName", u.phone, p.service_radius as "serviceRadius",
               round(haversine_miles(p.base_latitude, p.base_longitude, ${r.latitude}::float8, ${r.longitude}::float8))::int as "distanceMiles",
               coalesce(s.available, false) as available,
               exists (select 1 from aog_reports b where b.mechanic_id = u.id and b.status in (${sql.join([...AOG_BUSY_STATUSES])})) as busy
        from mechanic_profiles p
        join users u on u.id = p.user_id
        left join aog_mechanic_settings s on s.mechanic_id = u.id
        where u.role = 'mechanic' and u.mechanic_status = 'approved'
          and ${inBox('p.base_latitude', 'p.base_longitude', boxAround(r, AOG_WIDEST_RADIUS))}
      ) c
      where "distanceMiles" <= ${AOG_WIDEST_RADIUS}
      order by busy, "distanceMiles", id
      limit ${AOG.adminCandidates}`.execute(db);
    items.push({
      id: r.id,
      status: r.status,
      createdAt: iso(r.createdAt),
      ageMinutes: Math.max(0, Math.floor((now.getTime() - r.createdAt.getTime()) / 60_000)),
      step: r.step,
      radiusMiles: r.radiusMiles,
      notified: Number(r.notified ?? 0),
      offers: Number(r.offerCount ?? 0),
      owner: { name: fullName(r), callbackPhone: r.callbackPhone },
      aircraftTailNumber: r.aircraftTailNumber,
      airport: r.airport,
      airportLabel: r.airportLabel,
      symptoms: r.symptoms,
      candidates: candidates.map((c) => ({
        id: c.id,
        name: fullName(c),
        phone: c.phone,
        distanceMiles: c.distanceMiles,
        serviceRadius: c.serviceRadius,
        available: c.available,
        busy: c.busy,
      })),
    });
  }
  return items;
}
