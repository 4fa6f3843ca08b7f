import type { ColumnType, Generated } from 'kysely';
import type { ItemKind, ItemStatus, SquawkPriority, SquawkStatus } from '../../../contract/maintenance.ts';
import type { CreatedAt, NullableNumeric, Numeric, UpdatedAt } from './foundation.ts';
import type { DateColumn, NullableDateColumn } from './marketplace.ts';

type NullableInstant = ColumnType<Date | null, Date | string | null, Date | string | null>;

export interface AircraftHoursTable {
  id: Generated<string>;
  aircraftId: string;
  hours: Numeric;
  readingDate: DateColumn;
  /** The signed logbook entry whose total time this reading is; null for a reading logged otherwise. */
  recordId: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: CreatedAt;
}

export interface MaintenanceItemsTable {
  id: Generated<string>;
  aircraftId: string;
  kind: ItemKind;
  title: string | null;
  adNumber: string | null;
  /** An AD's method of compliance and the revision that applies (91.417(a)(2)(v)); null for other kinds. */
  adMethod: string | null;
  adRevision: string | null;
  lastDoneDate: NullableDateColumn;
  lastDoneHours: NullableNumeric;
  intervalMonths: number | null;
  intervalHours: NullableNumeric;
  fixedDueDate: NullableDateColumn;
  fixedDueHours: NullableNumeric;
  carriedHours: ColumnType<string, number | string | undefined, number | string>;
  notes: string | null;
  remindedStatus: ItemStatus | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface SquawksTable {
  id: Generated<string>;
  aircraftId: string;
  title: string;
  description: string | null;
  priority: SquawkPriority;
  documentId: string | null;
  status: ColumnType<SquawkStatus, SquawkStatus | undefined, SquawkStatus>;
  resolutionNote: string | null;
  resolvedAt: NullableInstant;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface MaintenanceRequestLinksTable {
  id: Generated<string>;
  serviceRequestId: string;
  itemId: string | null;
  squawkId: string | null;
  completedAt: NullableInstant;
}

export interface MaintenanceTables {
  aircraftHours: AircraftHoursTable;
  maintenanceItems: MaintenanceItemsTable;
  squawks: SquawksTable;
  maintenanceRequestLinks: MaintenanceRequestLinksTable;
}
