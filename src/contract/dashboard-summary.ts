import { z } from './zod.ts';

/**
 * The dashboards' counters and sums, counted by the database (docs/decisions/0203-dashboard-summaries.md):
 * the lists are paged, so a counter computed from the rows loaded is wrong past the first page.
 */

/**
 * One of the next appointments the Overview lists ("Upcoming Appointments": scheduled or confirmed,
 * soonest first), read by the server: the appointments list pages every job, and its first page
 * may hold none of them (docs/decisions/0287).
 */
export interface UpcomingAppointment {
  id: string;
  scheduledDate: string;
  scheduledTime: string;
  serviceLocation: string;
  status: 'scheduled' | 'confirmed';
  serviceType: string;
  aircraftTailNumber: string;
  /** The other party: the mechanic for the owner, the customer for the mechanic. */
  withName: string;
}

/** The owner's Overview counters. */
export interface OwnerSummary {
  /** Requests pending, matched or quoted. */
  activeRequests: number;
  aircraft: number;
  /** Appointments scheduled or confirmed. */
  upcomingAppointments: number;
  /** The bell counts up to a page of unread notifications; past it, this count is shown. */
  unreadNotifications: number;
  /** The next few upcoming appointments, soonest first. */
  upcoming: UpcomingAppointment[];
}

/** One month of completed jobs ('YYYY-MM' in the time zone asked for), newest first. */
export interface MonthEarned {
  month: string;
  jobs: number;
  total: number;
}

/** The mechanic's Overview counters and Earnings sums, in dollars (summed in cents). */
export interface MechanicSummary {
  /** Open requests matched to the mechanic that they have not quoted yet. */
  availableRequests: number;
  /** Appointments scheduled, confirmed or in progress. */
  activeJobs: number;
  /** The next few upcoming appointments, soonest first. */
  upcoming: UpcomingAppointment[];
  earnings: {
    earned: number;
    completedJobs: number;
    averagePerJob: number;
    /** What accepted jobs not yet completed are worth. */
    pending: number;
    pendingJobs: number;
    byMonth: MonthEarned[];
  };
}

/** The time zone months are counted in (the browser's); an unknown one is a 400. */
export const SummaryQuerySchema = z.object({
  tz: z
    .string()
    .max(64)
    .optional()
    .refine((tz) => tz === undefined || validTimeZone(tz), {
      message: 'tz must be an IANA time zone such as America/Denver',
    }),
});

function validTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(tz);
  } catch {
    return false;
  }
}
