import type { RequestStatus } from '../../contract/service-requests.ts';
import { type Db } from '../../server/db/client.ts';
import { sql } from 'kysely';
import { KNOWN_SETTINGS } from '../../contract/admin-config.ts';
import { boxAround, inBox, roundedMilesSql } from './match-query.server.ts';

// Who a request matches, in SQL: the approved mechanics whose service radius covers the place, or
// whom the owner will fly to, found through the base-location index; a new request and the
// after-answer completion run the same statement (docs/decisions/0200-matching-by-index.md).

/** The columns of a service request that matching reads. */
export interface RequestForMatching {
  id: string;
  customerId: string;
  status: RequestStatus;
  serviceType: string;
  aircraftMake: string;
  aircraftModel: string;
  serviceLocation: string;
  serviceLatitude: number;
  serviceLongitude: number;
  aircraftLatitude: number | null;
  aircraftLongitude: number | null;
  customerWillTravel: boolean;
  maxTravelDistance: number;
}

/** How many mechanics a new request notifies when the console does not say (docs/decisions/0200). */
export const DEFAULT_MATCH_NOTIFY_LIMIT = 25;
export const MATCH_NOTIFY_SETTING = KNOWN_SETTINGS.matchNotifyLimit;

/** The fan-out the console set (a whole number 1-500), else the default; and the widest service radius. */
export async function matchingBounds(db: Db): Promise<{ notifyLimit: number; widestRadius: number }> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('mechanicProfiles')
        .select((e) => e.fn.max('serviceRadius').as('r'))
        .as('widestRadius'),
      eb
        .selectFrom('systemSettings')
        .select('settingValue')
        .where('category', '=', MATCH_NOTIFY_SETTING.category)
        .where('settingKey', '=', MATCH_NOTIFY_SETTING.key)
        .as('notifyLimit'),
    ])
    .executeTakeFirstOrThrow();
  const n = Number(row.notifyLimit);
  return {
    notifyLimit: Number.isInteger(n) && n >= 1 && n <= 500 ? n : DEFAULT_MATCH_NOTIFY_LIMIT,
    widestRadius: Number(row.widestRadius ?? 0),
  };
}

/** The approved mechanics `request` matches, as a query: user_id, rating, completed_jobs, distance, via. */
export function qualifiedMechanics(request: RequestForMatching, widestRadius: number) {
  const service = { latitude: request.serviceLatitude, longitude: request.serviceLongitude };
  const travel = request.customerWillTravel && request.aircraftLatitude !== null && request.aircraftLongitude !== null;
  const aircraft = travel ? { latitude: request.aircraftLatitude!, longitude: request.aircraftLongitude! } : null;
  const near = inBox('p.base_latitude', 'p.base_longitude', boxAround(service, widestRadius));
  const where = aircraft
    ? sql`(${near} or ${inBox('p.base_latitude', 'p.base_longitude', boxAround(aircraft, request.maxTravelDistance))})`
    : near;
  const toAircraft = aircraft
    ? roundedMilesSql(
        sql`p.base_latitude`,
        sql`p.base_longitude`,
        sql`${aircraft.latitude}::float8`,
        sql`${aircraft.longitude}::float8`,
      )
    : sql`null::int`;
  const toService = roundedMilesSql(
    sql`p.base_latitude`,
    sql`p.base_longitude`,
    sql`${service.latitude}::float8`,
    sql`${service.longitude}::float8`,
  );
  return sql`
    select user_id, rating, completed_jobs,
           case when by_radius then to_service else to_aircraft end as distance,
           case when by_radius then 'service_radius' else 'customer_travel' end as via
    from (
      select *, (to_service <= service_radius and (to_aircraft is null or to_aircraft > ${request.maxTravelDistance} or to_service <= to_aircraft)) as by_radius
      from (
        select p.user_id, p.rating, p.completed_jobs, p.service_radius, ${toService} as to_service, ${toAircraft} as to_aircraft
        from mechanic_profiles p
        -- Approved, as the users row says it, kept on the profile (migration 0036): no join.
        where p.approved and ${where}
        -- Kept whole (not merged into the query around it), so each distance is computed once per
        -- mechanic, not again in every test and column that reads it: 13% of the statement at KDEN.
        offset 0
      ) candidates
      where to_service <= service_radius or to_aircraft <= ${request.maxTravelDistance}
    ) qualified`;
}
