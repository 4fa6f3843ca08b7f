import { roundedMiles, type LatLon } from './distance.ts';

/** What matching needs to know about a request (coordinates resolved at entry). */
export interface MatchableRequest {
  service: LatLon;
  /** Where the aircraft is; null when it could not be resolved (only allowed when not travelling). */
  aircraft: LatLon | null;
  customerWillTravel: boolean;
  maxTravelDistance: number;
}

export interface MatchableMechanic {
  mechanicId: string;
  base: LatLon;
  serviceRadius: number;
  rating: number;
  completedJobs: number;
}

export type MatchVia = 'service_radius' | 'customer_travel';

export interface Match {
  mechanicId: string;
  /** Whole miles that qualified the match (see `via`). */
  distanceMiles: number;
  via: MatchVia;
}

/**
 * The matching rule (docs/decisions/0040-marketplace-matching.md):
 * a mechanic matches when the service location is within their service radius, or, when the
 * customer will travel, when the mechanic's base is within the customer's max travel distance of
 * the aircraft. Both bounds are inclusive and compared in whole miles. Returns null otherwise.
 */
export function matchMechanic(request: MatchableRequest, mechanic: MatchableMechanic): Match | null {
  const toService = roundedMiles(mechanic.base, request.service);
  const byRadius = toService <= mechanic.serviceRadius;
  const toAircraft =
    request.customerWillTravel && request.aircraft ? roundedMiles(mechanic.base, request.aircraft) : null;
  const byTravel = toAircraft !== null && toAircraft <= request.maxTravelDistance;
  if (byRadius && (!byTravel || toService <= (toAircraft ?? Infinity))) {
    return { mechanicId: mechanic.mechanicId, distanceMiles: toService, via: 'service_radius' };
  }
  if (byTravel) return { mechanicId: mechanic.mechanicId, distanceMiles: toAircraft, via: 'customer_travel' };
  return null;
}

/** Every matching mechanic, nearest first; ties go to the better rated, then the more experienced. */
export function matchMechanics(request: MatchableRequest, mechanics: readonly MatchableMechanic[]): Match[] {
  const byId = new Map(mechanics.map((m) => [m.mechanicId, m]));
  return mechanics
    .map((m) => matchMechanic(request, m))
    .filter((m): m is Match => m !== null)
    .sort((a, b) => {
      const ma = byId.get(a.mechanicId)!;
      const mb = byId.get(b.mechanicId)!;
      return (
        a.distanceMiles - b.distanceMiles ||
        mb.rating - ma.rating ||
        mb.completedJobs - ma.completedJobs ||
        a.mechanicId.localeCompare(b.mechanicId)
      );
    });
}
