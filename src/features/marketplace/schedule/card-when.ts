import type { Appointment } from '../../../contract/marketplace.ts';
import { formatDate } from '../../../lib/format.ts';
import { formatDay, formatTime } from '../pilot/pilot-views.ts';

/** Before work starts, the time is still being agreed: the card shows it and the schedule's buttons. */
export const TIME_STILL_OPEN: readonly Appointment['status'][] = ['scheduled', 'confirmed'];

/**
 * The date an appointment card leads with: the appointment's time until work starts, then the day
 * it started or was completed. A job finished on Nov 25 does not read "Nov 30 at 8:00 AM", the
 * placeholder nobody agreed on.
 */
export function cardWhen(
  a: Pick<Appointment, 'status' | 'scheduledDate' | 'scheduledTime' | 'actualStartTime' | 'completedAt'>,
): string {
  if (a.status === 'completed' && a.completedAt) return `Completed ${formatDate(a.completedAt)}`;
  if (a.status === 'in_progress' && a.actualStartTime) return `Started ${formatDate(a.actualStartTime)}`;
  return `${formatDay(a.scheduledDate)} at ${formatTime(a.scheduledTime)}`;
}
