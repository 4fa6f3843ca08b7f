import type { ColumnType, Generated } from 'kysely';
import type { RecordInspection, RecordStatus } from '../../../contract/records.ts';
import type { CreatedAt, NullableNumeric, UpdatedAt } from './foundation.ts';
import type { DateColumn } from './marketplace.ts';

type NullableInstant = ColumnType<Date | null, Date | string | null, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

export interface MaintenanceRecordsTable {
  id: Generated<string>;
  appointmentId: string;
  aircraftId: string | null;
  ownerId: string;
  mechanicId: string;
  status: ColumnType<RecordStatus, RecordStatus | undefined, RecordStatus>;
  supersedesId: string | null;
  aircraftLabel: string;
  inspection: RecordInspection | null;
  inspectionExtent: string | null;
  description: string;
  completedOn: DateColumn;
  performedBy: string;
  totalTimeHours: NullableNumeric;
  airworthy: ColumnType<boolean, boolean | undefined, boolean>;
  discrepancies: Json<string[]>;
  signerName: string | null;
  certificateNumber: string | null;
  certificateKind: string | null;
  signedBy: string | null;
  signedAt: NullableInstant;
  entryText: string | null;
  sha256: string | null;
  documentId: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface MaintenanceRecordsTables {
  maintenanceRecords: MaintenanceRecordsTable;
}
