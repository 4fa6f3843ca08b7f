import type { ColumnType, Generated } from 'kysely';
import type { AogAccess, AogStatus, AogSymptom } from '../../../contract/aog.ts';
import type { CreatedAt, UpdatedAt } from './foundation.ts';

type NullableInstant = ColumnType<Date | null, Date | string | null, Date | string | null>;
/** bigint: pg answers text. */
type Cents = ColumnType<string, number | string, number | string>;

export interface AogReportsTable {
  id: Generated<string>;
  ownerId: string;
  aircraftId: string | null;
  aircraftTailNumber: string;
  aircraftMake: string;
  aircraftModel: string;
  airport: string;
  airportLabel: string;
  latitude: number;
  longitude: number;
  locationOnField: string;
  symptoms: AogSymptom[];
  description: string | null;
  documentIds: ColumnType<string[], string[] | undefined, string[]>;
  access: ColumnType<AogAccess, string, string>;
  canFlyOut: boolean;
  callbackPhone: string;
  status: ColumnType<AogStatus, AogStatus | undefined, AogStatus>;
  step: ColumnType<number, number | undefined, number>;
  radiusMiles: number;
  mechanicId: string | null;
  appointmentId: string | null;
  arriveBy: NullableInstant;
  acceptedAt: NullableInstant;
  closedAt: NullableInstant;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface AogNotifiedTable {
  aogId: string;
  mechanicId: string;
  step: number;
  distanceMiles: number;
  urgent: boolean;
  createdAt: CreatedAt;
}

export interface AogOffersTable {
  id: Generated<string>;
  aogId: string;
  mechanicId: string;
  arriveBy: ColumnType<Date, Date | string, Date | string>;
  calloutFeeCents: Cents;
  note: string | null;
  distanceMiles: number;
  status: ColumnType<
    'open' | 'accepted' | 'declined',
    'open' | 'accepted' | 'declined' | undefined,
    'open' | 'accepted' | 'declined'
  >;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface AogEventsTable {
  id: Generated<string>;
  aogId: string;
  status: AogStatus;
  note: string | null;
  byUserId: string | null;
  createdAt: CreatedAt;
}

export interface AogMechanicSettingsTable {
  mechanicId: string;
  available: boolean;
  updatedAt: UpdatedAt;
}

export interface AogTables {
  aogReports: AogReportsTable;
  aogNotified: AogNotifiedTable;
  aogOffers: AogOffersTable;
  aogEvents: AogEventsTable;
  aogMechanicSettings: AogMechanicSettingsTable;
}
