import { sql } from 'kysely';
import type { AircraftClass } from '../../contract/booking.ts';
import type { MarketplaceServiceType } from '../../contract/marketplace.ts';
import type { Db } from '../../server/db/client.ts';
import { boxAround, inBox, roundedMilesSql } from '../marketplace/match-query.server.ts';
import type { AvailabilityRow } from './availability.server.ts';
import { busyRowsSql } from './busy-days.server.ts';

/**
 * The mechanics an owner may book, found as matching finds them (docs/decisions/0200): a box on
 * the bases' index as wide as the widest service radius, then the exact distance in whole miles
 * against each mechanic's own radius. Offers are ordered by their first open start, which only the
 * calendar arithmetic knows (calendar.ts), so the database orders them by a bound of it instead
 * (docs/decisions/0242): `earliest_start`, the first day of the mechanic's working week on or after
 * the first day they may be booked (tomorrow in their time zone, or the owner's `from`). An open
 * start is a working day on or after that day, so it is never before the bound, and the rows come
 * in an order from which a page can be cut without reading the rest.
 */

/** A day later than any open start: the key of a mechanic with none (the last of the order). */
export const NO_START = '9999-12-31';

/** A bookable mechanic: their calendar as availability.server.ts reads it, with the offer around it. */
export interface OfferCandidate extends AvailabilityRow {
  priceCents: string;
  includes: string | null;
  days: number;
  distance: number;
  earliestStart: string;
  firstName: string;
  lastName: string;
  businessName: string | null;
  rating: string | null;
  ratingCount: number;
  completedJobs: number;
  payable: boolean;
  /** What keeps the mechanic's days (busy-days.server.ts), as [hold days, bid job's first day, last day]. */
  busy: Array<[string[] | null, string | null, string | null]> | null;
}

/** The widest service radius of any mechanic: how far the box must reach (read from its index). */
export async function widestServiceRadius(db: Db): Promise<number> {
  const row = await db
    .selectFrom('mechanicProfiles')
    .select((eb) => eb.fn.max('serviceRadius').as('r'))
    .executeTakeFirst();
  return Number(row?.r ?? 0);
}

/**
 * One slice (`offset`, `limit`) of the bookable mechanics for a service and class around `place`,
 * in the order (earliest start, price, distance, mechanic id).
 */
export async function offerCandidates(
  db: Db,
  q: {
    place: { latitude: number; longitude: number };
    widestRadius: number;
    serviceType: MarketplaceServiceType;
    aircraftClass: AircraftClass;
    from: string | undefined;
    now: Date;
    offset: number;
    limit: number;
    /** The days whose jobs the busy rows are read for. */
    busyFrom: string;
    busyTo: string;
  },
): Promise<OfferCandidate[]> {
  const distance = roundedMilesSql(
    sql`p.base_latitude`,
    sql`p.base_longitude`,
    sql`${q.place.latitude}::float8`,
    sql`${q.place.longitude}::float8`,
  );
  // One pass over the mechanics in range, the order decided on them and the page's rows returned
  // by the same statement, with what keeps each one's days (docs/decisions/0290: joining the slice
  // back to its tables cost more planning than carrying its columns through the sort, and reading
  // the busy days apart cost a round trip). `offset 0` keeps each subquery whole, so
  // its values are computed once a row: the distance (not again in the radius test) and the first
  // bookable day, tomorrow in the mechanic's zone or the owner's day when later (greatest skips a
  // null). The days from it to the first working weekday come from `work_day_offsets`, which
  // PostgreSQL keeps from `weekly` (migration 0033), instead of expanding the jsonb on every call.
  const { rows } = await sql<OfferCandidate>`
    with page as (
      select m.mechanic_id, m.price_cents, m.includes, m.days, m.distance, m.first_name, m.last_name, m.business_name,
             m.rating, m.rating_count, m.completed_jobs, m.time_zone, m.weekly, m.time_off, m.max_concurrent_jobs, m.free_cancel_hours,
             m.calendar_token, m.payable,
             to_char(coalesce(m.bookable_from + m.work_day_offsets[extract(dow from m.bookable_from)::int + 1], ${NO_START}::date),
                     'YYYY-MM-DD') as earliest_start
      from (
        select r.mechanic_id, r.price_cents, r.includes, r.days, b.distance,
               u.first_name, u.last_name, b.business_name, b.rating, b.rating_count, b.completed_jobs,
               av.time_zone, av.weekly, av.time_off, av.max_concurrent_jobs, av.free_cancel_hours, av.calendar_token,
               av.work_day_offsets, coalesce(ca.charges_enabled and ca.payouts_enabled, false) as payable,
               greatest(${q.from ?? null}::date, (${q.now.toISOString()}::timestamptz at time zone av.time_zone)::date + 1) as bookable_from
        from (
          select p.user_id, p.business_name, p.rating, p.rating_count, p.completed_jobs, p.service_radius, ${distance} as distance
          from mechanic_profiles p
          where ${inBox('p.base_latitude', 'p.base_longitude', boxAround(q.place, q.widestRadius))}
          offset 0
        ) b
        join users u on u.id = b.user_id
        join mechanic_rates r on r.mechanic_id = b.user_id
        join mechanic_availability av on av.mechanic_id = b.user_id
        left join connected_accounts ca on ca.user_id = b.user_id
        where u.role = 'mechanic' and u.mechanic_status = 'approved'
          and r.service_type = ${q.serviceType} and r.aircraft_class = ${q.aircraftClass}
          and b.distance <= b.service_radius
        offset 0
      ) m
      order by earliest_start, m.price_cents, m.distance, m.mechanic_id
      offset ${q.offset} limit ${q.limit}
    ), busy as materialized (
      ${busyRowsSql(sql`array(select mechanic_id from page)`, q.busyFrom, q.busyTo, q.now)}
    )
    select page.*,
           (select jsonb_agg(jsonb_build_array(b.days, b.first_day, b.last_day)) from busy b
            where b.mechanic_id = page.mechanic_id) as busy
    from page
    order by earliest_start, price_cents, distance, mechanic_id`.execute(db);
  return rows;
}
