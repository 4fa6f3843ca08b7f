/** Mean Earth radius in statute miles (IUGG mean radius 6,371.0088 km / 1.609344). */
export const EARTH_RADIUS_MILES = 3958.7613;

export interface LatLon {
  latitude: number;
  longitude: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in statute miles (haversine), exact enough for service radii. */
export function haversineMiles(a: LatLon, b: LatLon): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The distance the marketplace works with: whole statute miles, as people see it ('12 mi') and as
 * radii are set (integers). Matching compares this value, so what is shown is what decides.
 */
export function roundedMiles(a: LatLon, b: LatLon): number {
  return Math.round(haversineMiles(a, b));
}
