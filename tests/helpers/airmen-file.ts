import {
  NONPILOT_BASIC_COLUMNS,
  NONPILOT_BASIC_HEADER,
  NONPILOT_CERT_COLUMNS,
  NONPILOT_CERT_HEADER,
} from '../../src/contract/airmen-file.ts';

/**
 * Fixtures of the FAA releasable airmen file in its documented CSV layout (docs/decisions/0120):
 * NONPILOT_BASIC.csv (one line per person) and NONPILOT_CERT.csv (one line per certificate), the
 * header lines verbatim, then data lines of the same columns. Names are made of syllables no real
 * test user has, so a generated person never matches a mechanic another suite created.
 */

export interface FaaPerson {
  uniqueId: string;
  firstName: string;
  lastName: string;
  street1?: string;
  city: string;
  state: string;
  zip?: string;
  country?: string;
  region?: string;
}

export interface FaaCert {
  uniqueId: string;
  firstName: string;
  lastName: string;
  /** 'M' mechanic, 'G' ground instructor, 'W' parachute rigger, 'D' dispatcher, 'R' repairman... */
  type: string;
  level?: string;
  expireDate?: string;
  /** 'M/A', 'M/P', 'G/AGI'...: up to 11. */
  ratings?: string[];
}

const csvField = (v: string) => (/[",]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export function basicLine(p: FaaPerson): string {
  const values: Record<(typeof NONPILOT_BASIC_COLUMNS)[number], string> = {
    'UNIQUE ID': p.uniqueId,
    'FIRST NAME': p.firstName,
    'LAST NAME': p.lastName,
    'STREET 1': p.street1 ?? '100 HANGAR RD',
    'STREET 2': '',
    CITY: p.city,
    STATE: p.state,
    'ZIP CODE': p.zip ?? '00000',
    COUNTRY: p.country ?? 'USA',
    REGION: p.region ?? 'WP',
    'MED CLASS': '',
    'MED DATE': '',
    'MED EXP DATE': '',
    'BASIC MED COURSE DATE': '',
    'BASIC MED CMEC DATE': '',
  };
  return `${NONPILOT_BASIC_COLUMNS.map((c) => csvField(values[c])).join(',')},`;
}

export function certLine(c: FaaCert): string {
  const ratings = c.ratings ?? [];
  const fields = [
    c.uniqueId,
    c.firstName,
    c.lastName,
    c.type,
    c.level ?? '',
    c.expireDate ?? '',
    ...Array.from({ length: 11 }, (_, i) => ratings[i] ?? ''),
  ];
  if (fields.length !== NONPILOT_CERT_COLUMNS.length) throw new Error('cert line: wrong column count');
  return `${fields.map(csvField).join(',')},`;
}

/** A small deterministic generator (mulberry32), so a fixture is the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = [
  'ZOR',
  'KAV',
  'TREL',
  'MIX',
  'QUA',
  'BRON',
  'VEL',
  'DUX',
  'YAR',
  'FEN',
  'GLO',
  'SKE',
  'WUM',
  'PRAX',
  'JOL',
  'NIV',
];
const STATES = ['CA', 'TX', 'FL', 'WA', 'AZ', 'CO', 'NY', 'OK', 'GA', 'AK', 'MT', 'OR'];
const OTHER_TYPES: Array<[string, string[]]> = [
  ['G', ['G/AGI', 'G/IGI']],
  ['W', ['S/B', 'M/S']],
  ['D', []],
  ['R', []],
  ['T', []],
];

/**
 * `people` generated non-pilot airmen: about two thirds mechanics (most with airframe and
 * powerplant, some with one), the rest ground instructors, riggers, dispatchers, repairmen and
 * tower operators; a quarter of them hold a second certificate. Yields one person at a time, so a
 * bench can write hundreds of thousands of lines without holding them.
 */
export function* generateAirmen(people: number, seed = 15): Generator<{ person: FaaPerson; certs: FaaCert[] }> {
  const rnd = random(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const word = (n: number) => Array.from({ length: n }, () => pick(SYLLABLES)).join('');
  for (let i = 0; i < people; i += 1) {
    const person: FaaPerson = {
      uniqueId: `A${String(9_000_000 - i).padStart(7, '0')}`,
      firstName: rnd() < 0.4 ? `${word(2)} ${word(1)}` : word(2),
      lastName: word(3),
      city: `${word(2)} CITY`,
      state: pick(STATES),
    };
    const certs: FaaCert[] = [];
    const base = { uniqueId: person.uniqueId, firstName: person.firstName, lastName: person.lastName };
    const mechanic = rnd() < 0.66;
    if (mechanic) {
      const r = rnd();
      certs.push({ ...base, type: 'M', ratings: r < 0.8 ? ['M/A', 'M/P'] : r < 0.9 ? ['M/A'] : ['M/P'] });
    }
    if (!mechanic || rnd() < 0.25) {
      const [type, ratings] = pick(OTHER_TYPES);
      certs.push({
        ...base,
        type,
        level: type === 'W' ? 'S' : '',
        ratings: ratings.slice(0, 1 + Math.floor(rnd() * ratings.length)),
      });
    }
    yield { person, certs };
  }
}

export interface AirmenCsv {
  basic: string;
  cert: string;
  /** Data lines (headers not counted). */
  basicRows: number;
  certRows: number;
  /** People of the BASIC file holding a mechanic certificate ('M'), the import's `mechanicRecords`. */
  mechanicPeople: number;
}

/** Both files as text: `generated` people from the generator, then the hand-written ones. */
export function airmenCsv(
  generated: number,
  extra: { people?: FaaPerson[]; certs?: FaaCert[] } = {},
  seed = 15,
): AirmenCsv {
  const basic = [NONPILOT_BASIC_HEADER];
  const cert = [NONPILOT_CERT_HEADER];
  const people = new Set<string>();
  const mechanics = new Set<string>();
  const add = (p: FaaPerson) => {
    basic.push(basicLine(p));
    people.add(p.uniqueId);
  };
  const addCert = (c: FaaCert) => {
    cert.push(certLine(c));
    if (c.type === 'M') mechanics.add(c.uniqueId);
  };
  for (const { person, certs } of generateAirmen(generated, seed)) {
    add(person);
    certs.forEach(addCert);
  }
  (extra.people ?? []).forEach(add);
  (extra.certs ?? []).forEach(addCert);
  return {
    basic: `${basic.join('\r\n')}\r\n`,
    cert: `${cert.join('\r\n')}\r\n`,
    basicRows: basic.length - 1,
    certRows: cert.length - 1,
    mechanicPeople: [...mechanics].filter((id) => people.has(id)).length,
  };
}
