/**
 * The Overview's counters, counted on the server over every row (a dashboard list holds only its
 * first page, so counting what was loaded stops at the page size). Each counter is the spec's
 * definition: docs/product.md §2 and docs/decisions/0164-dashboard-counters.md.
 */
export interface OwnerCounts {
  role: 'pilot';
  /** Requests pending, matched or quoted (ACTIVE_REQUEST_STATUSES). */
  activeRequests: number;
  aircraft: number;
  /** Appointments scheduled or confirmed (UPCOMING_APPOINTMENT_STATUSES). */
  upcomingAppointments: number;
  /** Jobs under way (in_progress): in no spec counter, shown as "Work in progress". */
  inProgress: number;
}

export interface MechanicCounts {
  role: 'mechanic';
  /** Matched requests still open that this mechanic has not quoted (status "matched" in their list). */
  availableRequests: number;
  /** Appointments scheduled, confirmed or in progress (ACTIVE_JOB_STATUSES). */
  activeJobs: number;
}

export type DashboardCounts = OwnerCounts | MechanicCounts;
