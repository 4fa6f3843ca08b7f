import type { ColumnType, Generated } from 'kysely';
import type { AirmenImportStatus, AirmenVerdict } from '../../../contract/airmen-file.ts';
import type { CreatedAt } from './foundation.ts';

type NullableInstant = ColumnType<Date | null, Date | string | null, Date | string | null>;
type Counter = ColumnType<number, number | undefined, number>;

/** One upload of the FAA airmen file (migration 0016, docs/decisions/0120-faa-airmen-file.md). */
export interface AirmenImportsTable {
  id: Generated<string>;
  month: string;
  status: ColumnType<AirmenImportStatus, AirmenImportStatus | undefined, AirmenImportStatus>;
  createdBy: string | null;
  chunkSize: number;
  basicSize: number;
  certSize: number;
  basicReceivedBytes: Counter;
  certReceivedBytes: Counter;
  basicChunks: Counter;
  certChunks: Counter;
  basicRows: Counter;
  certRows: Counter;
  mechanicRecords: Counter;
  /** Column positions read from each file's header line ({"UNIQUE ID": 0, ...}). */
  basicColumns: ColumnType<Record<string, number> | null, string | null, string | null>;
  certColumns: ColumnType<Record<string, number> | null, string | null, string | null>;
  /** The bytes after the last line break of the chunks so far: the start of a line still arriving. */
  basicTail: Buffer | null;
  certTail: Buffer | null;
  mechanicsMatched: number | null;
  mechanicsChecked: number | null;
  autoApproved: number | null;
  error: string | null;
  createdAt: CreatedAt;
  completedAt: NullableInstant;
}

/** A person of NONPILOT_BASIC.csv: only what matching needs. */
export interface AirmenPeopleTable {
  importId: string;
  uniqueId: string;
  firstName: string;
  lastName: string;
  /** Normalized first given name and last name (see normalize.ts). */
  firstKey: string;
  lastKey: string;
  city: string;
  state: string;
}

/** A mechanic certificate ('M') of NONPILOT_CERT.csv; other certificate types are not kept. */
export interface AirmenCertsTable {
  importId: string;
  uniqueId: string;
  certType: string;
  certLevel: string;
  /** 'A' airframe, 'P' powerplant. */
  ratings: string[];
}

/** The verdict of the last file about one mechanic of this site. */
export interface MechanicAirmenMatchesTable {
  mechanicId: string;
  importId: string | null;
  month: string;
  verdict: AirmenVerdict;
  ratings: string[];
  candidates: number;
  airmanUniqueId: string | null;
  checkedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface AirmenTables {
  airmenImports: AirmenImportsTable;
  airmenPeople: AirmenPeopleTable;
  airmenCerts: AirmenCertsTable;
  mechanicAirmenMatches: MechanicAirmenMatchesTable;
}
