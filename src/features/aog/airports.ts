import { AIRPORTS_DATA } from '../marketplace/geo/airports.data.ts';
import { roundedMiles } from '../marketplace/distance.ts';

/**
 * The 791 airports of the shipped dataset (src/features/marketplace/geo, ADR 0042) as an AOG
 * names them: an aircraft on ground is on an airport, never at a city, so only identifiers count.
 */
export interface Airport {
  code: string;
  codes: string[];
  label: string;
  city: string;
  latitude: number;
  longitude: number;
}

let airports: Airport[] | undefined;
let byCode: Map<string, Airport> | undefined;

function load(): Airport[] {
  if (airports) return airports;
  airports = [];
  byCode = new Map();
  for (const line of AIRPORTS_DATA.split('\n')) {
    if (!line) continue;
    const [code = '', others = '', lat = '', lon = '', city = '', state = ''] = line.split('|');
    const airport: Airport = {
      code,
      codes: [code, ...others.split(' ').filter(Boolean)],
      label: city ? `${code} (${city}, ${state})` : code,
      city: city ? `${city}, ${state}` : '',
      latitude: Number(lat),
      longitude: Number(lon),
    };
    airports.push(airport);
    for (const c of airport.codes) if (!byCode.has(c)) byCode.set(c, airport);
  }
  return airports;
}

/** The airport of an identifier (ICAO, FAA or IATA, any case), or null. */
export function findAirport(code: string): Airport | null {
  load();
  return byCode!.get(code.trim().toUpperCase()) ?? null;
}

export const unknownAirportMessage = (code: string) =>
  `We could not find the airport "${code.trim()}". Use its identifier, such as KSJC or SJC.`;

/** The `limit` airports nearest a position, nearest first, with whole miles. */
export function nearestAirports(
  position: { latitude: number; longitude: number },
  limit: number,
): Array<Airport & { distanceMiles: number }> {
  return load()
    .map((a) => ({ ...a, distanceMiles: roundedMiles(position, a) }))
    .sort((a, b) => a.distanceMiles - b.distanceMiles || a.code.localeCompare(b.code))
    .slice(0, limit);
}

/** Airports whose identifier starts with, or whose city contains, what was typed; identifiers first. */
export function searchAirports(text: string, limit: number): Airport[] {
  const q = text.trim().toUpperCase();
  if (!q) return [];
  const all = load();
  const byIdent = all.filter((a) => a.codes.some((c) => c.startsWith(q)));
  const byCity = q.length >= 3 ? all.filter((a) => !byIdent.includes(a) && a.city.toUpperCase().includes(q)) : [];
  return [...byIdent, ...byCity].slice(0, limit);
}
