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
  /** Days from each weekday (Sunday first) to the next working one, kept by PostgreSQL; migration 0033. */
  workDayOffsets: ColumnType<Array<number | null> | null, never, never>;
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
  /** The free-cancellation window the owner agreed to (hours before the start); migration 0029. */
  freeCancelHours: ColumnType<number | null, number | null | undefined, number | null>;
  /** The due items the booking was made for: linked to its request at confirmation. */
  itemIds: ColumnType<string[], string[] | undefined, string[]>;
  rescheduledAt: NullableInstant;
  reschedules: ColumnType<number, number | undefined, number>;
}

/** One row per reminder sent (72 or 24 hours before), keyed by the start it announced. */
export interface BookingRemindersTable {
  appointmentId: string;
  hoursBefore: 72 | 24;
  startsAt: ColumnType<Date, Date | string, Date | string>;
  sentAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface BookingTables {
  mechanicRates: MechanicRatesTable;
  mechanicAvailability: MechanicAvailabilityTable;
  bookingHolds: BookingHoldsTable;
  bookingReminders: BookingRemindersTable;
}
