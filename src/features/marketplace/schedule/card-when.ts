import type { Appointment } from '../../../contract/appointments.ts';
import { dayAt, formatDay as formatDayOf } from '../../../lib/format.ts';
import { formatDay, formatTime } from '../requests/pilot-views.ts';

/** Before work starts, the time is still being agreed: the card shows it and the schedule's buttons. */
export const TIME_STILL_OPEN: readonly Appointment['status'][] = ['scheduled', 'confirmed'];

/**
 * The date an appointment card leads with: the appointment's time until work starts, then the day
 * it started or was completed. A job finished on Nov 25 does not read "Nov 30 at 8:00 AM", the
 * placeholder nobody agreed on.
 */
export function cardWhen(
  a: Pick<Appointment, 'status' | 'scheduledDate' | 'scheduledTime' | 'actualStartTime' | 'completedAt' | 'timeZone'>,
): string {
  // The local day at the place of work, as the logbook entry is dated, whatever the reader's clock.
  if (a.status === 'completed' && a.completedAt) return `Completed ${formatDayOf(dayAt(a.completedAt, a.timeZone))}`;
  if (a.status === 'in_progress' && a.actualStartTime)
    return `Started ${formatDayOf(dayAt(a.actualStartTime, a.timeZone))}`;
  return `${formatDay(a.scheduledDate)} at ${formatTime(a.scheduledTime)}`;
}
