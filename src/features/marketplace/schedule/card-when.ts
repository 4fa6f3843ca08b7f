import type { Appointment } from '../../../contract/appointments.ts';
import { dayAt, formatDay as formatDayOf } from '../../../lib/format.ts';
import { formatDay } from '../../../lib/format.ts';
import { zoneName } from '../../../contract/appointment-schedule.ts';
import { zonedToUtc } from '../../../contract/zoned-time.ts';

/** Before work starts, the time is still being agreed: the card shows it and the schedule's buttons. */
export const TIME_STILL_OPEN: readonly Appointment['status'][] = ['scheduled', 'confirmed'];

/**
 * The date an appointment card leads with: the appointment's time until work starts, then the day
 * it started or was completed. A job finished on Nov 25 does not read "Nov 30 at 8:00 AM", the
 * placeholder nobody agreed on.
 */
export function cardWhen(
  a: Pick<
    Appointment,
    'status' | 'scheduledDate' | 'scheduledTime' | 'actualStartTime' | 'completedAt' | 'timeZone'
  > & {
    booking?: Pick<NonNullable<Appointment['booking']>, 'timeZone'> | undefined;
  },
): string {
  // The local day at the place of work, as the logbook entry is dated, whatever the reader's clock.
  if (a.status === 'completed' && a.completedAt) return `Completed ${formatDayOf(dayAt(a.completedAt, a.timeZone))}`;
  if (a.status === 'in_progress' && a.actualStartTime)
    return `Started ${formatDayOf(dayAt(a.actualStartTime, a.timeZone))}`;
  // The time at the place of work with its zone named; a booking's time is on the calendar it was
  // booked on (docs/decisions/0447), said here at the airport.
  const at = zonedToUtc(a.scheduledDate, a.scheduledTime.slice(0, 5), a.booking?.timeZone ?? a.timeZone);
  const day = dayAt(at, a.timeZone);
  const clock = at.toLocaleTimeString('en-US', { timeZone: a.timeZone, hour: 'numeric', minute: '2-digit' });
  return `${formatDay(day)} at ${clock} ${zoneName(a.timeZone, day)}`;
}
