import { sql } from 'kysely';
import type { AircraftClass } from '../../contract/booking.ts';
import type { MarketplaceServiceType } from '../../contract/marketplace.ts';
import type { Db } from '../../server/db/client.ts';
import { boxAround, inBox, roundedMilesSql } from '../marketplace/match-query.server.ts';

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

export interface OfferCandidate {
  mechanicId: string;
  priceCents: string;
  includes: string | null;
  days: number;
  distance: number;
  earliestStart: string;
  firstName: string;
  lastName: string;
  businessName: string | null;
  rating: string | null;
  completedJobs: number;
  timeZone: string;
  weekly: Array<{ day: number; start: string; end: string }>;
  timeOff: Array<{ from: string; to: string }>;
  maxConcurrentJobs: number;
  freeCancelHours: number;
  calendarToken: string;
  payable: boolean;
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
  },
): Promise<OfferCandidate[]> {
  const distance = roundedMilesSql(
    sql`p.base_latitude`,
    sql`p.base_longitude`,
    sql`${q.place.latitude}::float8`,
    sql`${q.place.longitude}::float8`,
  );
  // Tomorrow in the mechanic's time zone, or the owner's day when later (greatest skips a null).
  const bookableFrom = sql`greatest(${q.from ?? null}::date, (${q.now.toISOString()}::timestamptz at time zone av.time_zone)::date + 1)`;
  // The order is decided on narrow rows; the names, calendars and payouts are read for the slice only.
  const { rows } = await sql<OfferCandidate>`
    with slice as (
      select mechanic_id, price_cents, distance, earliest_start
      from (
        select *, to_char(coalesce(bookable_from + (
                 select min((((w ->> 'day')::int - extract(dow from bookable_from)::int) + 7) % 7)
                 from jsonb_array_elements(weekly) w), ${NO_START}::date), 'YYYY-MM-DD') as earliest_start
        from (
          select r.mechanic_id, r.price_cents, ${distance} as distance, p.service_radius, av.weekly,
                 ${bookableFrom} as bookable_from
          from mechanic_profiles p
          join users u on u.id = p.user_id
          join mechanic_rates r on r.mechanic_id = p.user_id
          join mechanic_availability av on av.mechanic_id = p.user_id
          where u.role = 'mechanic' and u.mechanic_status = 'approved'
            and r.service_type = ${q.serviceType} and r.aircraft_class = ${q.aircraftClass}
            and ${inBox('p.base_latitude', 'p.base_longitude', boxAround(q.place, q.widestRadius))}
        ) in_box
        where distance <= service_radius
      ) in_range
      order by earliest_start, price_cents, distance, mechanic_id
      offset ${q.offset} limit ${q.limit}
    )
    select s.mechanic_id, s.price_cents, s.distance, s.earliest_start, r.includes, r.days,
           u.first_name, u.last_name, p.business_name, p.rating, p.completed_jobs,
           av.time_zone, av.weekly, av.time_off, av.max_concurrent_jobs, av.free_cancel_hours, av.calendar_token,
           coalesce(ca.charges_enabled and ca.payouts_enabled, false) as payable
    from slice s
    join users u on u.id = s.mechanic_id
    join mechanic_profiles p on p.user_id = s.mechanic_id
    join mechanic_availability av on av.mechanic_id = s.mechanic_id
    join mechanic_rates r on r.mechanic_id = s.mechanic_id and r.service_type = ${q.serviceType} and r.aircraft_class = ${q.aircraftClass}
    left join connected_accounts ca on ca.user_id = s.mechanic_id
    order by s.earliest_start, s.price_cents, s.distance, s.mechanic_id`.execute(db);
  return rows;
}
