import { z } from './zod.ts';

/**
 * The FAA releasable airmen file (docs/decisions/0120-faa-airmen-file.md): the two comma-separated
 * files of non-pilot airmen an administrator uploads, how mechanics are matched against them, and
 * the one sentence each verdict is said in. The file holds no certificate numbers: a match says
 * that a person of that name, in that state, holds a mechanic certificate with those ratings.
 */

/** The two files of the FAA's CSV download that hold mechanics. */
export const AIRMEN_FILES = ['basic', 'cert'] as const;
export type AirmenFileKind = (typeof AIRMEN_FILES)[number];
export const AIRMEN_FILE_NAMES: Record<AirmenFileKind, string> = {
  basic: 'NONPILOT_BASIC.csv',
  cert: 'NONPILOT_CERT.csv',
};

/**
 * The header lines as the FAA writes them (a space after each comma, a trailing comma). Fixtures
 * are written with these verbatim; the import matches column names after trimming, so a file saved
 * again without the spaces is read the same.
 */
export const NONPILOT_BASIC_COLUMNS = [
  'UNIQUE ID',
  'FIRST NAME',
  'LAST NAME',
  'STREET 1',
  'STREET 2',
  'CITY',
  'STATE',
  'ZIP CODE',
  'COUNTRY',
  'REGION',
  'MED CLASS',
  'MED DATE',
  'MED EXP DATE',
  'BASIC MED COURSE DATE',
  'BASIC MED CMEC DATE',
] as const;
export const NONPILOT_CERT_COLUMNS = [
  'UNIQUE ID',
  'FIRST NAME',
  'LAST NAME',
  'TYPE',
  'LEVEL',
  'EXPIRE DATE',
  ...Array.from({ length: 11 }, (_, i) => `RATING${i + 1}`),
] as const;
export const NONPILOT_BASIC_HEADER = `${NONPILOT_BASIC_COLUMNS.join(', ')}, `;
export const NONPILOT_CERT_HEADER = `${NONPILOT_CERT_COLUMNS.join(', ')}, `;

/** The columns the import reads; any other column is ignored. */
export const REQUIRED_COLUMNS: Record<AirmenFileKind, readonly string[]> = {
  basic: ['UNIQUE ID', 'FIRST NAME', 'LAST NAME', 'CITY', 'STATE'],
  cert: ['UNIQUE ID', 'TYPE', 'LEVEL', 'RATING1'],
};

/** Certificate type 'M' is a mechanic; its ratings 'M/A' airframe, 'M/P' powerplant. */
export const MECHANIC_CERT_TYPE = 'M';
export const MECHANIC_RATINGS = { A: 'Airframe', P: 'Powerplant' } as const;
export type MechanicRating = keyof typeof MECHANIC_RATINGS;

/**
 * Each file goes up in chunks of this size (a Netlify Function takes about 6 MB per request;
 * docs/decisions/0060). Rows are read as each chunk arrives, so no request holds more than one chunk.
 */
export const AIRMEN_CHUNK_BYTES = 4 * 1024 * 1024;
export const AIRMEN_MIN_CHUNK_BYTES = 64 * 1024;
/** Files up to this size (both together) may go in one multipart request instead. */
export const AIRMEN_SINGLE_REQUEST_MAX_BYTES = 4 * 1024 * 1024;
/** The real files are a few hundred MB; anything above this is not the FAA file. */
export const AIRMEN_FILE_MAX_BYTES = 2_000_000_000;

export const AirmenMonthSchema = z
  .string({ error: 'Month is required' })
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be the file’s month as YYYY-MM');

/**
 * The console's upload form (a month and the FAA's ZIP, or its two CSV files): the month as the
 * import's start checks it, and a file to send. The ZIP's own content is read in the browser as
 * it is chosen (what it holds is said under it).
 */
export const AirmenUploadFormSchema = z
  .object({
    month: AirmenMonthSchema,
    zip: z.custom<Blob | null>(),
    basic: z.custom<Blob | null>(),
    cert: z.custom<Blob | null>(),
  })
  .refine((v) => v.zip || (v.basic && v.cert), {
    path: ['zip'],
    message: `Choose the FAA’s ZIP, or both files: ${AIRMEN_FILE_NAMES.basic} and ${AIRMEN_FILE_NAMES.cert}`,
  });

const fileSize = (label: string) =>
  z
    .number({ error: `${label} is required` })
    .int(`${label} must be a whole number of bytes`)
    .min(1, `${label} must be at least 1 byte`)
    .max(AIRMEN_FILE_MAX_BYTES, `${label} must be at most 2 GB`);

/** POST /api/admin/airmen-file (JSON): announces a chunked import of the two files. */
export const AirmenImportStartSchema = z.object({
  month: AirmenMonthSchema,
  basicSize: fileSize('basicSize'),
  certSize: fileSize('certSize'),
  /** Smaller chunks for a slow connection; at most AIRMEN_CHUNK_BYTES (the default). */
  chunkSize: z
    .number({ error: 'chunkSize must be a number of bytes' })
    .int('chunkSize must be a whole number of bytes')
    .min(AIRMEN_MIN_CHUNK_BYTES, `chunkSize must be at least ${AIRMEN_MIN_CHUNK_BYTES} bytes`)
    .max(AIRMEN_CHUNK_BYTES, `chunkSize must be at most ${AIRMEN_CHUNK_BYTES} bytes`)
    .optional(),
});
export type AirmenImportStartData = z.output<typeof AirmenImportStartSchema>;

export type AirmenImportStatus = 'receiving' | 'completed' | 'failed';

/** Progress of one of the two files. */
export interface AirmenFileProgress {
  size: number;
  receivedBytes: number;
  receivedChunks: number;
  totalChunks: number;
  /** Data rows read so far (the header line not counted). */
  rows: number;
}

/** An import job: GET answers the last one, POST the new one, each chunk the job after it. */
export interface AirmenImport {
  id: string;
  /** The file's month, 'YYYY-MM'. */
  month: string;
  /** 'November 2026'. */
  monthLabel: string;
  status: AirmenImportStatus;
  chunkSize: number;
  basic: AirmenFileProgress;
  cert: AirmenFileProgress;
  /** Data rows read in both files. */
  rows: number;
  /** People of the file holding a mechanic certificate (kept for matching). */
  mechanicRecords: number;
  /** Mechanics of this site found exactly once in the file (null until the import completes). */
  mechanicsMatched: number | null;
  /** Mechanics of this site checked against the file (null until the import completes). */
  mechanicsChecked: number | null;
  /** Mechanics approved automatically on a single exact match (the admin setting). */
  autoApproved: number | null;
  error: string | null;
  createdAt: string;
  completedAt: string | null;
}

export type AirmenVerdict = 'match' | 'none' | 'several';

/** What the file said about one mechanic of this site. */
export interface AirmenMatch {
  verdict: AirmenVerdict;
  month: string;
  /** The sentence shown as is: "Found in the FAA airmen file of November 2026: Mechanic, Airframe and Powerplant". */
  sentence: string;
  /** The ratings of the certificate found ('A', 'P'), for a single match only. */
  ratings: MechanicRating[];
  /** How many people of the file matched name and state with a mechanic certificate. */
  candidates: number;
  checkedAt: string;
}

/** The admin setting: approve a pending mechanic on a single exact match (airframe and powerplant). */
export const AIRMEN_AUTO_APPROVE_SETTING = { category: 'security', key: 'airmen_auto_approve' } as const;

export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number);
  if (!y || !m) return month;
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** "Mechanic, Airframe and Powerplant", "Mechanic, Airframe", or "Mechanic". */
export function certificateWords(ratings: readonly MechanicRating[]): string {
  const names = (['A', 'P'] as const).filter((r) => ratings.includes(r)).map((r) => MECHANIC_RATINGS[r]);
  return names.length === 0 ? 'Mechanic' : `Mechanic, ${names.join(' and ')}`;
}

export function verdictSentence(verdict: AirmenVerdict, month: string, ratings: readonly MechanicRating[]): string {
  if (verdict === 'none') return 'No match';
  if (verdict === 'several') return 'Several matches';
  return `Found in the FAA airmen file of ${monthLabel(month)}: ${certificateWords(ratings)}`;
}

export function airmenChunkCount(size: number, chunkSize = AIRMEN_CHUNK_BYTES): number {
  return Math.max(1, Math.ceil(size / chunkSize));
}
