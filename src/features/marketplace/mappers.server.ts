import { credentialsPending } from '../../contract/credentials.ts';
import { zoneOfPlace } from './geo/airport-day.ts';
import { fullName } from '../../server/db/full-name.ts';
import type { Selectable } from 'kysely';
import type { Aircraft, MarketplaceServiceType } from '../../contract/marketplace.ts';
import type { Appointment } from '../../contract/appointments.ts';
import type { Bid } from '../../contract/bids.ts';
import type { MechanicProfile } from '../../contract/mechanic-profiles.ts';
import type { Notification } from '../../contract/notifications.ts';
import type {
  AircraftTable,
  AppointmentsTable,
  BidsTable,
  MechanicProfilesTable,
  NotificationsTable,
} from '../../server/db/tables/marketplace.ts';

// Rows to API shapes: explicit allow-lists, numbers as numbers (pg returns numeric as text),
// calendar dates as 'YYYY-MM-DD', instants as ISO text.

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A Postgres `date` as 'YYYY-MM-DD'. pg parses dates to local midnight, so the local calendar
 * fields are the stored date whatever the server's time zone.
 */
export function dateOnly(value: Date | string): string {
  if (typeof value === 'string') return value.slice(0, 10);
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}
export const dateOrNull = (value: Date | string | null): string | null => (value === null ? null : dateOnly(value));
export const iso = (value: Date | string): string => new Date(value).toISOString();
export const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));
export const num = (value: string | number): number => Number(value);
export const numOrNull = (value: string | number | null): number | null => (value === null ? null : Number(value));

export function toAircraft(row: Selectable<AircraftTable>): Aircraft {
  return {
    id: row.id,
    tailNumber: row.tailNumber,
    make: row.make,
    model: row.model,
    year: row.year,
    totalHours: numOrNull(row.totalHours),
    usage: row.usage,
    homeAirport: row.homeAirport,
    dueSoonDays: row.dueSoonDays,
    dueSoonHours: num(row.dueSoonHours),
    createdAt: iso(row.createdAt),
  };
}

export function toProfile(row: Selectable<MechanicProfilesTable>): MechanicProfile {
  return {
    apNumber: row.apNumber,
    iaAuthorization: row.iaAuthorization,
    specialties: row.specialties as MarketplaceServiceType[],
    hourlyRate: num(row.hourlyRate),
    travelRate: numOrNull(row.travelRate),
    serviceRadius: row.serviceRadius,
    baseLocation: row.baseLocation,
    baseLocationLabel: row.baseLocationLabel,
    businessName: row.businessName,
    availableWeekdays: row.availableWeekdays,
    preferredHours: { start: row.preferredHoursStart, end: row.preferredHoursEnd },
    rating: num(row.rating),
    // How many ratings the average is made of: none means "new", whatever the stored default.
    ratingCount: row.ratingCount,
    completedJobs: row.completedJobs,
    verifiedApNumber: row.verifiedApNumber,
    verifiedIa: row.verifiedIa,
    credentialsPending: credentialsPending({
      apNumber: row.apNumber,
      iaAuthorization: row.iaAuthorization,
      verifiedApNumber: row.verifiedApNumber,
      verifiedIa: row.verifiedIa,
    }),
  };
}

/** A bid row joined with its mechanic's name and profile figures. */
export type BidRow = Selectable<BidsTable> & {
  mechanicFirstName: string;
  mechanicLastName: string;
  mechanicRating: string | null;
  mechanicCompletedJobs: number | null;
  mechanicRatingCount: number | null;
  mechanicPayable?: boolean | null;
};

export function toBid(row: BidRow): Bid {
  return {
    id: row.id,
    serviceRequestId: row.serviceRequestId,
    mechanicId: row.mechanicId,
    mechanicName: fullName({ firstName: row.mechanicFirstName, lastName: row.mechanicLastName }),
    laborCost: num(row.laborCost),
    partsCost: num(row.partsCost),
    totalCost: num(row.totalCost),
    estimatedHours: num(row.estimatedHours),
    availableStartDate: dateOnly(row.availableStartDate),
    estimatedCompletionDate: dateOnly(row.estimatedCompletionDate),
    warrantyPeriod: row.warrantyPeriod,
    notes: row.notes,
    status: row.status,
    mechanicRating: row.mechanicRating === null ? 5 : num(row.mechanicRating),
    mechanicCompletedJobs: row.mechanicCompletedJobs ?? 0,
    mechanicRatingCount: row.mechanicRatingCount ?? 0,
    createdAt: iso(row.createdAt),
    inspectionSigner:
      row.inspectionSignerName && row.inspectionSignerCertificate
        ? { fullName: row.inspectionSignerName, certificateNumber: row.inspectionSignerCertificate }
        : null,
    depositPercent: row.depositPercent,
    payable: row.mechanicPayable === true,
  };
}

/** An appointment row joined with the people, the request's aircraft and the accepted bid. */
export type AppointmentRow = Selectable<AppointmentsTable> & {
  mechanicFirstName: string;
  mechanicLastName: string;
  customerFirstName: string;
  customerLastName: string;
  aircraftMake: string;
  aircraftModel: string;
  aircraftTailNumber: string;
  serviceType: MarketplaceServiceType;
  laborCost: string;
  partsCost: string;
  totalCost: string;
  warrantyPeriod: number;
  rating: number | null;
  review: string | null;
};

export function toAppointment(row: AppointmentRow): Appointment {
  return {
    id: row.id,
    serviceRequestId: row.serviceRequestId,
    bidId: row.bidId,
    scheduledDate: dateOnly(row.scheduledDate),
    scheduledTime: row.scheduledTime,
    estimatedDuration: num(row.estimatedDuration),
    serviceLocation: row.serviceLocation,
    timeZone: zoneOfPlace(row.serviceLocation),
    mechanicNotes: row.mechanicNotes,
    status: row.status,
    actualStartTime: isoOrNull(row.actualStartTime),
    completedAt: isoOrNull(row.completedAt),
    mechanicId: row.mechanicId,
    mechanicName: fullName({ firstName: row.mechanicFirstName, lastName: row.mechanicLastName }),
    customerName: fullName({ firstName: row.customerFirstName, lastName: row.customerLastName }),
    aircraftMake: row.aircraftMake,
    aircraftModel: row.aircraftModel,
    aircraftTailNumber: row.aircraftTailNumber,
    serviceType: row.serviceType,
    laborCost: num(row.laborCost),
    partsCost: num(row.partsCost),
    totalCost: num(row.totalCost),
    warrantyPeriod: row.warrantyPeriod,
    rating: row.rating,
    review: row.review,
    createdAt: iso(row.createdAt),
    ...(row.status === 'cancelled' && row.cancelledBy
      ? { cancellation: { by: row.cancelledBy, reason: row.cancellationReason, at: isoOrNull(row.cancelledAt) } }
      : {}),
  };
}

export function toNotification(row: Selectable<NotificationsTable>): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    link: row.link,
    isRead: row.isRead,
    createdAt: iso(row.createdAt),
  };
}
