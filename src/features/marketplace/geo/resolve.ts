import { AIRPORTS_DATA } from './airports.data.ts';
import { CITIES_DATA } from './cities.data.ts';
import { US_STATES_AND_DC } from '../../../contract/us-states.ts';

/** A place the marketplace can measure distances from. */
export interface ResolvedLocation {
  kind: 'airport' | 'city';
  /** How we name it back to people, e.g. 'KSJC (San Jose, CA)' or 'San Jose, CA'. */
  label: string;
  latitude: number;
  longitude: number;
}

interface Indexes {
  airports: Map<string, ResolvedLocation>;
  cities: Map<string, ResolvedLocation>;
}

let indexes: Indexes | undefined;

/** 'St. Louis' and 'Saint Louis', 'Ft Worth' and 'Fort Worth' are the same place to a person. */
export function normalizePlaceName(name: string): string {
  return name
    .toLowerCase()
    .replace(/\./g, ' ')
    .replace(/\bst\b/g, 'saint')
    .replace(/\bft\b/g, 'fort')
    .replace(/\bmt\b/g, 'mount')
    .replace(/[^a-z0-9' -]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function rows(data: string): string[][] {
  return data
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => line.split('|'));
}

// Built on first use: a cold function that never resolves a place never pays for the parsing.
function build(): Indexes {
  const airports = new Map<string, ResolvedLocation>();
  for (const [primary = '', others = '', lat = '', lon = '', city = '', state = ''] of rows(AIRPORTS_DATA)) {
    const place: ResolvedLocation = {
      kind: 'airport',
      label: city ? `${primary} (${city}, ${state})` : primary,
      latitude: Number(lat),
      longitude: Number(lon),
    };
    for (const code of [primary, ...others.split(' ')]) if (code && !airports.has(code)) airports.set(code, place);
  }
  const cities = new Map<string, ResolvedLocation>();
  for (const [name = '', state = '', lat = '', lon = ''] of rows(CITIES_DATA)) {
    const key = `${normalizePlaceName(name)}|${state}`;
    if (!cities.has(key)) {
      cities.set(key, { kind: 'city', label: `${name}, ${state}`, latitude: Number(lat), longitude: Number(lon) });
    }
  }
  return { airports, cities };
}

function stateCode(text: string): string | undefined {
  const t = text.replace(/\./g, '').trim();
  if (/^[a-z]{2}$/i.test(t)) {
    const code = t.toUpperCase();
    return US_STATES_AND_DC.some((s) => s.code === code) ? code : undefined;
  }
  const name = t.toLowerCase().replace(/\s+/g, ' ');
  return US_STATES_AND_DC.find((s) => s.name.toLowerCase() === name)?.code;
}

function resolveCity(ix: Indexes, text: string): ResolvedLocation | undefined {
  // 'San Jose, CA', 'San Jose, California', and without the comma 'San Jose CA'.
  const comma = text.lastIndexOf(',');
  const candidates: Array<[string, string]> = [];
  if (comma > 0) candidates.push([text.slice(0, comma), text.slice(comma + 1)]);
  const words = text.split(/\s+/);
  for (let n = 1; n <= 2 && n < words.length; n += 1) {
    candidates.push([words.slice(0, -n).join(' '), words.slice(-n).join(' ')]);
  }
  for (const [city, state] of candidates) {
    const code = stateCode(state);
    if (!code) continue;
    const hit = ix.cities.get(`${normalizePlaceName(city)}|${code}`);
    if (hit) return hit;
  }
  return undefined;
}

/**
 * Resolves what a person typed as a location: an airport identifier (ICAO 'KSJC', FAA/IATA 'SJC',
 * any case) or a US place as 'City, ST'. Returns null when the shipped dataset does not know it,
 * so callers can refuse the input instead of silently matching nobody.
 */
export function resolveLocation(input: string | null | undefined): ResolvedLocation | null {
  const text = (input ?? '').replace(/\s+/g, ' ').trim();
  if (!text || text.length > 120) return null;
  indexes ??= build();
  const ix = indexes;
  if (/^[a-z0-9]{3,4}$/i.test(text)) {
    const hit = ix.airports.get(text.toUpperCase());
    if (hit) return hit;
  }
  const city = resolveCity(ix, text);
  if (city) return city;
  // 'KSJC - San Jose' or 'SJC (Mineta)': an identifier in capitals, a separator, then words
  // (so the word 'San' of 'San Jose' is never read as San Diego's code).
  const lead = /^([A-Z0-9]{3,4})\s*[-–(,:/]/.exec(text)?.[1];
  return (lead && ix.airports.get(lead)) || null;
}

/** The one message for a place we cannot find, shown by the forms and returned by the API. */
export function unknownLocationMessage(input: string): string {
  return `We could not find "${input.trim()}". Use an airport identifier such as KSJC or a US city as "San Jose, CA".`;
}
