import { sql } from 'kysely';
import { boxAround, inBox, roundedMilesSql } from '../marketplace/match-query.server.ts';

/**
 * Who an aircraft on ground reaches (docs/decisions/0250-aog-dispatch.md): approved mechanics with
 * a profile whose service area covers the airport (ADR 0040's rule, in whole miles) and whose base
 * lies within the call's dispatch radius, found through the base-location index as matching does
 * (ADR 0200): a box first, then the exact distance. Columns: user_id, distance, rating,
 * completed_jobs, service_radius.
 */
export function mechanicsInReach(place: { latitude: number; longitude: number }, radiusMiles: number) {
  const distance = roundedMilesSql(
    sql`p.base_latitude`,
    sql`p.base_longitude`,
    sql`${place.latitude}::float8`,
    sql`${place.longitude}::float8`,
  );
  return sql`
    select * from (
      select p.user_id, p.rating, p.completed_jobs, p.service_radius, ${distance} as distance
      from mechanic_profiles p
      join users u on u.id = p.user_id
      where u.role = 'mechanic' and u.mechanic_status = 'approved'
        and ${inBox('p.base_latitude', 'p.base_longitude', boxAround(place, radiusMiles))}
    ) candidates
    where distance <= least(${radiusMiles}::int, service_radius)`;
}

/** The same rule for one mechanic and one call, as a boolean SQL condition on `p` (a profile) and `a` (a report). */
export const reachesSql = sql<boolean>`round(haversine_miles(p.base_latitude, p.base_longitude, a.latitude, a.longitude))::int <= least(a.radius_miles, p.service_radius)`;
