import { sql, type RawBuilder } from 'kysely';
import { EARTH_RADIUS_MILES } from './distance.ts';

/**
 * The SQL side of matching (docs/decisions/0200-matching-by-index.md). Distances are
 * `haversine_miles` (migration 0023), the formula of distance.ts, rounded to whole miles as the
 * rule in matching.ts compares them.
 */

/** Miles a degree of latitude spans at least (the Earth's mean radius; the box is then widened a little). */
const MILES_PER_DEGREE = (Math.PI * EARTH_RADIUS_MILES) / 180;

export interface Box {
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
}

/**
 * Every point within `miles` of `center` lies in this latitude/longitude box (an index range on
 * the base columns), widened by a mile for the rounding to whole miles. Near a pole or across the
 * antimeridian it opens to every longitude rather than being wrong.
 */
export function boxAround(center: { latitude: number; longitude: number }, miles: number): Box {
  const reach = miles + 1;
  const dLat = reach / MILES_PER_DEGREE;
  const minLat = center.latitude - dLat;
  const maxLat = center.latitude + dLat;
  const widest = Math.max(Math.abs(minLat), Math.abs(maxLat));
  if (widest >= 89) return { minLat, maxLat, minLon: -180, maxLon: 180 };
  const dLon = reach / (MILES_PER_DEGREE * Math.cos((widest * Math.PI) / 180));
  const minLon = center.longitude - dLon;
  const maxLon = center.longitude + dLon;
  if (minLon < -180 || maxLon > 180) return { minLat, maxLat, minLon: -180, maxLon: 180 };
  return { minLat, maxLat, minLon, maxLon };
}

/** `lat`/`lon` columns inside `box`. */
export function inBox(lat: string, lon: string, box: Box): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(lat)} between ${box.minLat} and ${box.maxLat} and ${sql.ref(lon)} between ${box.minLon} and ${box.maxLon})`;
}

/** Whole miles between two coordinate pairs (columns or values). */
export function roundedMilesSql(
  lat1: RawBuilder<unknown>,
  lon1: RawBuilder<unknown>,
  lat2: RawBuilder<unknown>,
  lon2: RawBuilder<unknown>,
): RawBuilder<number> {
  return sql<number>`round(haversine_miles(${lat1}, ${lon1}, ${lat2}, ${lon2}))::int`;
}
