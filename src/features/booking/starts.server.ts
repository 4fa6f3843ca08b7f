import { BOOKING } from '../../contract/booking.ts';
import { WEEKDAYS } from '../../contract/marketplace.ts';
import { HttpError, badRequest } from '../../server/http/errors.ts';
import { formatDay } from '../../lib/format.ts';
import { addDays, jobDays, type Schedule } from './calendar.ts';
import { todayIn } from '../../contract/zoned-time.ts';
import { listDays } from '../marketplace/booking-terms.server.ts';

// Which days a job may start on: not before tomorrow at the mechanic's, not past the horizon, on
// working days; and the 409 naming the next open starts when the days were taken. A hold and a
// change of dates both ask.

/** The first day a start may be booked: tomorrow in the mechanic's time zone. */
export const earliestStart = (timeZone: string, now: Date) => addDays(todayIn(timeZone, now), 1);

/** 409 with the next open starts, in the sentence and as data for a screen to offer them. */
export function daysTaken(next: string[]): HttpError {
  const detail =
    next.length > 0
      ? `Those days were just taken. The next open starts are ${listDays(next)}.`
      : `Those days were just taken, and this mechanic has no other open start in the next ${BOOKING.horizonDays} days.`;
  return new HttpError(409, detail, { body: { nextOpenStarts: next } });
}

/** The working days of a job of `daysNeeded` days started on `start`; a 400 for a start that cannot be booked. */
export function startDays(schedule: Schedule, start: string, daysNeeded: number, now: Date): string[] {
  const earliest = earliestStart(schedule.timeZone, now);
  if (start < earliest) {
    const message = `The earliest start is ${formatDay(earliest)}`;
    throw badRequest(message, [{ path: 'start', message }]);
  }
  if (start > addDays(earliest, BOOKING.horizonDays)) {
    const message = `Starts can be booked up to ${BOOKING.horizonDays} days ahead`;
    throw badRequest(message, [{ path: 'start', message }]);
  }
  const days = jobDays(schedule, start, daysNeeded);
  if (!days) {
    const weekday = WEEKDAYS.find((w) => w.value === new Date(`${start}T00:00:00Z`).getUTCDay())?.label ?? '';
    const message = `The mechanic does not work on ${weekday}, ${formatDay(start)}`;
    throw badRequest(message, [{ path: 'start', message }]);
  }
  return days;
}
