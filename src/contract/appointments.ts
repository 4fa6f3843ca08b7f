import { z } from './zod.ts';
import type { BidLine, Totals } from './line-items.ts';
import type { JobFigures } from './job-figures.ts';
import type { AppointmentParties, ScheduleView } from './appointment-schedule.ts';
import { optionalText, renamed } from './fields.ts';
import { TOTAL_TIME_ALIASES, TotalTimeHoursField } from './records.ts';
import type { AppointmentCancellation } from './appointment-cancel.ts';
import { MARKETPLACE, type MarketplaceServiceType } from './marketplace.ts';
import type { ServiceRequest } from './service-requests.ts';

// ---------------------------------------------------------------------------------------------
// Appointments: the mechanic's steps, the owner's rating, and the appointment as answered.

export const RatingSchema = z.object({
  rating: z
    .union([z.number(), z.string()], { error: 'Rating is required' })
    .transform((v) => (typeof v === 'number' ? v : Number(v)))
    .refine((n) => Number.isInteger(n) && n >= 1 && n <= 5, 'Rating must be a whole number from 1 to 5'),
  review: optionalText('Review', MARKETPLACE.text.notes),
});

/** Optional note a mechanic adds when moving an appointment along. */
export const AppointmentActionSchema = z.object({
  mechanicNotes: optionalText('Mechanic notes', MARKETPLACE.text.notes),
});

/**
 * Completing also takes the tach reading, the total time in service of the logbook entry the
 * completion drafts (docs/decisions/0130); by its other names too (tachReading, totalTimeInService...).
 */
export const AppointmentCompleteSchema = z.preprocess(
  renamed(TOTAL_TIME_ALIASES),
  AppointmentActionSchema.extend({ totalTimeHours: TotalTimeHoursField }),
);

export type AppointmentStatus = 'scheduled' | 'confirmed' | 'in_progress' | 'completed' | 'cancelled';

export interface Appointment {
  id: string;
  serviceRequestId: string;
  bidId: string;
  scheduledDate: string;
  scheduledTime: string;
  estimatedDuration: number;
  serviceLocation: string;
  /** The IANA zone of the place of work: the days the card names are the local days there. */
  timeZone: string;
  mechanicNotes: string | null;
  status: AppointmentStatus;
  actualStartTime: string | null;
  completedAt: string | null;
  mechanicId: string;
  mechanicName: string;
  customerName: string;
  aircraftMake: string;
  aircraftModel: string;
  aircraftTailNumber: string;
  serviceType: MarketplaceServiceType;
  laborCost: number;
  partsCost: number;
  totalCost: number;
  warrantyPeriod: number;
  rating: number | null;
  review: string | null;
  createdAt: string;
  /** The lines the owner approved (the quote's and change orders'), their totals, change orders waiting. */
  /** The accepted quote's total as sent; `totalCost` is the approved work's (docs/decisions/0110). */
  quotedTotal?: number;
  approvedLines?: BidLine[];
  approvedTotals?: Totals;
  pendingChangeOrders?: number;
  /** The job's figures, each named (docs/decisions/0170); `totalCost` is `figures.current`. */
  figures?: JobFigures;
  /** Both parties' contacts and where the aircraft is: only on answers to the owner or the assigned mechanic. */
  parties?: AppointmentParties;
  /** Proposed times, the agreed one, and reschedules (docs/decisions/0171). */
  schedule?: ScheduleView;
  /** On a cancelled appointment: who cancelled and, for its mechanic, why (docs/decisions/0167). */
  cancellation?: AppointmentCancellation;
  /** Set when the appointment was booked from a mechanic's calendar (docs/decisions/0241). */
  booking?: AppointmentBooking;
}

/**
 * What an appointment made by booking carries for its two parties: its days and the terms agreed
 * at booking (docs/decisions/0241). Written here, where the appointment answer is, and named
 * `BookingTerms` in booking.ts (which imports this file, not the other way).
 */
export interface AppointmentBooking {
  holdId: string;
  start: string;
  days: string[];
  /** The start of work as an instant (the mechanic's start hour in their time zone). */
  startsAt: string;
  timeZone: string;
  /** The window agreed at booking: free to reschedule or cancel until this many hours before the start. */
  freeCancelHours: number;
  /** The last moment the owner may reschedule or cancel at no cost. */
  freeUntil: string;
  /** Booked (or last rescheduled) after `freeUntil`: the window had closed before it existed. */
  bookedInsideWindow: boolean;
  /** Whether the owner may still reschedule or cancel it now (live and inside the window). */
  changeable: boolean;
  reschedules: number;
  /** The due items it was booked for. */
  itemIds: string[];
}

/** POST /api/enhanced/quotes/{id}/accept: the approved request and its new appointment. */
export interface AcceptResult {
  success: true;
  request: ServiceRequest;
  appointment: Appointment;
  /**
   * When the bid is payable through Skyward: the hosted page to save a card, and the deposit
   * (docs/decisions/0230); `savedCard` when the owner already has one with Stripe, offered instead
   * of the page (docs/decisions/0463).
   */
  payment?: { setupUrl: string; depositCents: number; savedCard?: { brand: string; last4: string } };
}
