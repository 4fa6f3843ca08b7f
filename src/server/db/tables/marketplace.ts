import type { ColumnType, Generated } from 'kysely';
import type { AppointmentStatus } from '../../../contract/appointments.ts';
import type { BidStatus } from '../../../contract/bids.ts';
import type { MarketplaceServiceType, UrgencyLevel } from '../../../contract/marketplace.ts';
import type { RequestStatus } from '../../../contract/service-requests.ts';
import type { CreatedAt, Numeric, NullableNumeric, UpdatedAt } from './foundation.ts';
import type { ScheduleState } from '../../../contract/appointment-schedule.ts';

/** Postgres `date`: pg parses it to a local-midnight Date; written as 'YYYY-MM-DD'. */
export type DateColumn = ColumnType<Date, string, string>;
export type NullableDateColumn = ColumnType<Date | null, string | null, string | null>;
type NullableInstant = ColumnType<Date | null, Date | string | null, Date | string | null>;

export interface MechanicProfilesTable {
  userId: string;
  /** Migration 0036: whether this mechanic is approved, kept by PostgreSQL from the users row (docs/decisions/0299). */
  approved: ColumnType<boolean, never, never>;
  /** Migration 0037: how many ratings `rating` averages; both kept by PostgreSQL from the ratings (docs/decisions/0300). */
  ratingCount: ColumnType<number, never, never>;
  apNumber: string;
  iaAuthorization: boolean;
  specialties: string[];
  hourlyRate: Numeric;
  travelRate: NullableNumeric;
  serviceRadius: number;
  baseLocation: string;
  baseLocationLabel: string;
  baseLatitude: number;
  baseLongitude: number;
  businessName: string | null;
  availableWeekdays: number[];
  preferredHoursStart: string;
  preferredHoursEnd: string;
  /** The average of the mechanic's ratings, kept by PostgreSQL once there is one (migration 0037); a written value stands only before. */
  rating: ColumnType<string, number | string | undefined, never>;
  completedJobs: Generated<number>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
  /** The certificate number and IA an administrator verified (migration 0021); the two above are only asked for. */
  verifiedApNumber: Generated<string | null>;
  verifiedIa: Generated<boolean>;
  credentialsVerifiedAt: Generated<Date | null>;
}

export interface AircraftTable {
  id: Generated<string>;
  ownerId: string;
  tailNumber: string;
  make: string;
  model: string;
  year: number | null;
  totalHours: NullableNumeric;
  usage: ColumnType<'private' | 'for_hire', 'private' | 'for_hire' | undefined, 'private' | 'for_hire'>;
  homeAirport: string | null;
  dueSoonDays: ColumnType<number, number | undefined, number>;
  dueSoonHours: ColumnType<string, number | string | undefined, number | string>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface ServiceRequestsTable {
  id: Generated<string>;
  customerId: string;
  aircraftId: string | null;
  aircraftMake: string;
  aircraftModel: string;
  aircraftYear: number | null;
  aircraftTailNumber: string;
  aircraftTotalHours: NullableNumeric;
  aircraftLocation: string;
  aircraftLatitude: number | null;
  aircraftLongitude: number | null;
  serviceType: MarketplaceServiceType;
  serviceDescription: string;
  urgencyLevel: UrgencyLevel;
  preferredStartDate: NullableDateColumn;
  serviceLocation: string;
  serviceLocationLabel: string;
  serviceLatitude: number;
  serviceLongitude: number;
  customerWillTravel: boolean;
  maxTravelDistance: number;
  estimatedBudget: NullableNumeric;
  status: ColumnType<RequestStatus, RequestStatus | undefined, RequestStatus>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
  /** Matches beyond the notified few still to be recorded after the answer (migration 0023). */
  matchingPending: Generated<boolean>;
}

export interface ServiceRequestMatchesTable {
  serviceRequestId: string;
  mechanicId: string;
  distanceMiles: number;
  via: 'service_radius' | 'customer_travel';
  createdAt: CreatedAt;
  /** A new request's nearest, recorded with it and told after the answer (migration 0034). */
  notifyPending: Generated<boolean>;
}

export interface BidsTable {
  id: Generated<string>;
  serviceRequestId: string;
  mechanicId: string;
  laborCost: Numeric;
  partsCost: Numeric;
  totalCost: Numeric;
  estimatedHours: Numeric;
  availableStartDate: DateColumn;
  estimatedCompletionDate: DateColumn;
  warrantyPeriod: number;
  notes: string | null;
  /** Who signs the annual when the bidding mechanic has no IA (migration 0017); both or neither. */
  inspectionSignerName: string | null;
  inspectionSignerCertificate: string | null;
  /** Whole percent of the approved parts lines charged at acceptance (docs/decisions/0230). */
  depositPercent: ColumnType<number, number | undefined, number>;
  status: ColumnType<BidStatus, BidStatus | undefined, BidStatus>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface AppointmentsTable {
  id: Generated<string>;
  serviceRequestId: string;
  bidId: string;
  mechanicId: string;
  customerId: string;
  scheduledDate: DateColumn;
  scheduledTime: string;
  estimatedDuration: Numeric;
  serviceLocation: string;
  mechanicNotes: string | null;
  status: ColumnType<AppointmentStatus, AppointmentStatus | undefined, AppointmentStatus>;
  confirmedAt: NullableInstant;
  actualStartTime: NullableInstant;
  completedAt: NullableInstant;
  cancelledAt: NullableInstant;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
  /** docs/decisions/0171: agreed between the parties; 'unconfirmed' until the first proposal. */
  scheduleState: ColumnType<ScheduleState, ScheduleState | undefined, ScheduleState>;
  /** Where the aircraft is (hangar, FBO), said by the owner; shown to both parties only. */
  aircraftWhereabouts: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0032: who cancelled (the owner, the mechanic, or a stopped mechanic's job re-listed) and why. */
  cancelledBy: ColumnType<
    'owner' | 'mechanic' | 'stopped' | null,
    'owner' | 'mechanic' | 'stopped' | null | undefined,
    'owner' | 'mechanic' | 'stopped' | null
  >;
  cancellationReason: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * Migration 0035: the job's figure in cents (docs/decisions/0297), kept by triggers from the bid
   * and its lines; whatever a writer sends here is replaced by the computed figure.
   */
  figureCents: ColumnType<string | null, never, never>;
}

export interface RatingsTable {
  id: Generated<string>;
  appointmentId: string;
  mechanicId: string;
  customerId: string;
  rating: number;
  review: string | null;
  createdAt: CreatedAt;
}

export interface NotificationsTable {
  id: Generated<string>;
  userId: string;
  type: string;
  title: string;
  message: string;
  link: string | null;
  isRead: Generated<boolean>;
  readAt: NullableInstant;
  createdAt: CreatedAt;
}

export interface MarketplaceTables {
  mechanicProfiles: MechanicProfilesTable;
  aircraft: AircraftTable;
  serviceRequests: ServiceRequestsTable;
  serviceRequestMatches: ServiceRequestMatchesTable;
  bids: BidsTable;
  appointments: AppointmentsTable;
  ratings: RatingsTable;
  notifications: NotificationsTable;
}
