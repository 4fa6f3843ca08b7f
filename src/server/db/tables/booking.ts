import type { ColumnType, Generated } from 'kysely';
import type { AircraftClass } from '../../../contract/booking.ts';
import type { MarketplaceServiceType } from '../../../contract/marketplace.ts';
import type { CreatedAt } from './foundation.ts';
import type { DateColumn } from './marketplace.ts';

/** bigint: pg answers text. */
type Cents = ColumnType<string, number | string, number | string>;
type NullableInstant = ColumnType<Date | null, Date | string | null, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

export interface MechanicRatesTable {
  mechanicId: string;
  serviceType: MarketplaceServiceType;
  aircraftClass: AircraftClass;
  priceCents: Cents;
  includes: string | null;
  days: number;
  createdAt: CreatedAt;
}

export interface MechanicAvailabilityTable {
  mechanicId: string;
  timeZone: string;
  weekly: Json<Array<{ day: number; start: string; end: string }>>;
  timeOff: Json<Array<{ from: string; to: string }>>;
  maxConcurrentJobs: number;
  freeCancelHours: number;
  calendarToken: string;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface BookingHoldsTable {
  id: Generated<string>;
  mechanicId: string;
  ownerId: string;
  aircraftId: string;
  serviceType: MarketplaceServiceType;
  aircraftClass: AircraftClass;
  priceCents: Cents;
  includes: string | null;
  startDate: DateColumn;
  /** pg answers date[] as local-midnight dates (text with some drivers): read through `daysOf`. */
  days: ColumnType<string | Array<string | Date>, string[], string[]>;
  expiresAt: ColumnType<Date, Date | string, Date | string>;
  releasedAt: NullableInstant;
  confirmedAt: NullableInstant;
  appointmentId: string | null;
  createdAt: CreatedAt;
}

export interface BookingTables {
  mechanicRates: MechanicRatesTable;
  mechanicAvailability: MechanicAvailabilityTable;
  bookingHolds: BookingHoldsTable;
}
