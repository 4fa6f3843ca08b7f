import {
  MECHANIC_CERT_TYPE,
  REQUIRED_COLUMNS,
  type AirmenFileKind,
  type MechanicRating,
} from '../../../contract/airmen-file.ts';

/**
 * Reading the FAA's CSV files line by line as their bytes arrive (docs/decisions/0120). The FAA
 * writes one record per line, fields unquoted and padded with spaces; a quoted field (a file saved
 * again by a spreadsheet) is read too. A line break never falls inside a UTF-8 sequence, so the
 * bytes up to the last line break of a chunk decode on their own; the rest waits for the next chunk.
 */

const NEWLINE = 0x0a;
const decoder = new TextDecoder('utf-8');

/** Splits `carry + chunk` into complete lines and the bytes of the line still arriving. */
export function splitLines(
  carry: Uint8Array | null,
  chunk: Uint8Array,
  last: boolean,
): { lines: string[]; tail: Uint8Array | null } {
  let bytes = chunk;
  if (carry && carry.byteLength > 0) {
    bytes = new Uint8Array(carry.byteLength + chunk.byteLength);
    bytes.set(carry, 0);
    bytes.set(chunk, carry.byteLength);
  }
  const end = last ? bytes.byteLength : bytes.lastIndexOf(NEWLINE) + 1;
  const text = decoder.decode(bytes.subarray(0, end));
  const lines = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  if (lines.at(-1) === '') lines.pop();
  const rest = bytes.subarray(end);
  // A copy: the tail is stored, and must not keep the whole chunk alive.
  return { lines, tail: rest.byteLength > 0 ? rest.slice() : null };
}

/** One CSV line into trimmed fields; "a, ""b""" style quoting honoured. */
export function splitCsvLine(line: string): string[] {
  if (!line.includes('"')) return line.split(',').map((f) => f.trim());
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (ch === ',') {
      out.push(field.trim());
      field = '';
    } else field += ch;
  }
  out.push(field.trim());
  return out;
}

export type Columns = Record<string, number>;

/** The column positions of a header line; null with the missing names when a needed one is absent. */
export function readHeader(kind: AirmenFileKind, line: string): { columns: Columns } | { missing: string[] } {
  const names = splitCsvLine(line.replace(/^\uFEFF/, '')).map((n) => n.toUpperCase().replace(/\s+/g, ' '));
  const columns: Columns = {};
  names.forEach((name, i) => {
    if (name && columns[name] === undefined) columns[name] = i;
  });
  const missing = REQUIRED_COLUMNS[kind].filter((c) => columns[c] === undefined);
  return missing.length > 0 ? { missing } : { columns };
}

// --- Names -----------------------------------------------------------------------------------

const SUFFIXES = new Set(['JR', 'SR', 'II', 'III', 'IV', 'V']);

/** Upper case, accents off, punctuation to spaces: 'José-Luis O’Brien' -> 'JOSE LUIS O BRIEN'. */
function words(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toUpperCase()
    .replace(/['’`]/g, '')
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

/**
 * The first given name only: the FAA's FIRST NAME holds first and middle names ('JOHN PAUL'), a
 * person signs up with either. 'J. Paul' keeps 'J'.
 */
export function firstKey(firstName: string): string {
  return words(firstName)[0] ?? '';
}

/** The whole last name without spaces, punctuation or a generational suffix: "O'Brien Jr." -> 'OBRIEN'. */
export function lastKey(lastName: string): string {
  const w = words(lastName);
  while (w.length > 1 && SUFFIXES.has(w.at(-1)!)) w.pop();
  return w.join('');
}

// --- Rows ------------------------------------------------------------------------------------

export interface PersonRow {
  uniqueId: string;
  firstName: string;
  lastName: string;
  firstKey: string;
  lastKey: string;
  city: string;
  state: string;
}

export interface CertRow {
  uniqueId: string;
  certType: string;
  certLevel: string;
  ratings: MechanicRating[];
}

const at = (fields: string[], columns: Columns, name: string) => fields[columns[name] ?? -1] ?? '';

/** A NONPILOT_BASIC row; null for a blank line or one without a unique id. */
export function personOf(fields: string[], columns: Columns): PersonRow | null {
  const uniqueId = at(fields, columns, 'UNIQUE ID');
  if (!uniqueId) return null;
  const firstName = at(fields, columns, 'FIRST NAME');
  const lastName = at(fields, columns, 'LAST NAME');
  return {
    uniqueId,
    firstName,
    lastName,
    firstKey: firstKey(firstName),
    lastKey: lastKey(lastName),
    city: at(fields, columns, 'CITY'),
    state: at(fields, columns, 'STATE').toUpperCase(),
  };
}

/** The rating columns present in a header: RATING1, RATING2, ... */
export function ratingColumns(columns: Columns): number[] {
  return Object.entries(columns)
    .filter(([name]) => /^RATING\d+$/.test(name))
    .map(([, i]) => i);
}

/** A NONPILOT_CERT row of a mechanic certificate ('M'); null for any other certificate type. */
export function mechanicCertOf(fields: string[], columns: Columns, ratingIdx: readonly number[]): CertRow | null {
  const uniqueId = at(fields, columns, 'UNIQUE ID');
  const certType = at(fields, columns, 'TYPE').toUpperCase();
  if (!uniqueId || certType !== MECHANIC_CERT_TYPE) return null;
  const ratings = new Set<MechanicRating>();
  for (const i of ratingIdx) {
    // 'M/A' airframe, 'M/P' powerplant (a bare 'A' or 'P' is read the same).
    const code = (fields[i] ?? '').toUpperCase().replace(/^M\//, '').trim();
    if (code === 'A' || code === 'P') ratings.add(code);
  }
  return { uniqueId, certType, certLevel: at(fields, columns, 'LEVEL').toUpperCase(), ratings: [...ratings].sort() };
}
