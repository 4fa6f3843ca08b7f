import { formatHours } from '../../../contract/job-figures.ts';
import { MARKETPLACE_SERVICE_TYPES } from '../../../contract/marketplace.ts';
import { labelOf } from '../../../contract/options.ts';
import type { Db } from '../../../server/db/client.ts';
import type { OutboxAttachment } from '../../../server/db/tables/foundation.ts';
import { siteUrl } from '../../../server/site-url.server.ts';
import { getAppointment } from '../appointments.server.ts';
import { dashboardLink } from '../links.ts';
import { dateOnly } from '../mappers.server.ts';
import { appointmentUid, buildIcs } from './ics.ts';
import { dayEndOf, jobSpan, lastDayOf, spanText, type SpanInput } from './job-span.ts';

/**
 * The appointment's calendar file (RFC 5545), the same bytes the download and the confirmation
 * emails carry. No access check here: callers are the parties' own route (which checks) and the
 * notices sent to the two parties.
 */
export async function appointmentIcs(db: Db, id: string): Promise<{ ics: string; filename: string }> {
  const a = await getAppointment(db, id);
  const schedule = a.schedule!;
  const parties = a.parties!;
  const reschedules = schedule.history.filter((p) => p.status === 'accepted').length + (a.booking?.reschedules ?? 0);
  const service = labelOf(MARKETPLACE_SERVICE_TYPES, a.serviceType);
  const hours = a.figures?.current.totals.hours ?? a.estimatedDuration;
  // The whole job, first morning to last evening (docs/decisions/0447): a booking's working days,
  // else the quote's span from the appointment's day; its time is on the clock the booking or the
  // place of work keeps.
  const job = await db
    .selectFrom('appointments as a')
    .innerJoin('bids as b', 'b.id', 'a.bidId')
    .leftJoin('mechanicAvailability as av', 'av.mechanicId', 'a.mechanicId')
    .leftJoin('mechanicProfiles as p', 'p.userId', 'a.mechanicId')
    .select(['b.availableStartDate', 'b.estimatedCompletionDate', 'av.weekly', 'p.preferredHoursEnd'])
    .where('a.id', '=', a.id)
    .executeTakeFirstOrThrow();
  const timeZone = a.booking?.timeZone ?? schedule.timeZone;
  const lastDay = lastDayOf({
    scheduledDate: a.scheduledDate,
    bookingDays: a.booking?.days,
    quotedStart: dateOnly(job.availableStartDate),
    quotedEnd: dateOnly(job.estimatedCompletionDate),
  });
  const span: SpanInput = {
    date: a.scheduledDate,
    time: a.scheduledTime,
    timeZone,
    hours,
    lastDay,
    lastDayEnd: dayEndOf(lastDay, job.weekly, job.preferredHoursEnd),
  };
  const description = [
    `${service} of ${a.aircraftTailNumber} (${a.aircraftMake} ${a.aircraftModel}).`,
    spanText(span),
    `Time zone: ${timeZone}.${schedule.state === 'agreed' ? '' : ' Not yet agreed: the time may change.'}`,
    `Estimated work: ${formatHours(hours)}.`,
    `Mechanic: ${parties.mechanic.name}${parties.mechanic.businessName ? ` (${parties.mechanic.businessName})` : ''}${parties.mechanic.phone ? `, ${parties.mechanic.phone}` : ''}, ${parties.mechanic.email}.`,
    `Owner: ${parties.owner.name}${parties.owner.phone ? `, ${parties.owner.phone}` : ''}, ${parties.owner.email}.`,
    parties.aircraft.whereabouts ? `Aircraft at: ${parties.aircraft.whereabouts}.` : '',
  ]
    .filter(Boolean)
    .join('\n');
  const ics = buildIcs({
    uid: appointmentUid(a.id),
    sequence: reschedules,
    ...jobSpan(span),
    summary: `${service}: ${a.aircraftTailNumber}`,
    location: [parties.aircraft.whereabouts, a.serviceLocation].filter(Boolean).join(', '),
    description,
    status: a.status === 'cancelled' ? 'CANCELLED' : schedule.state === 'agreed' ? 'CONFIRMED' : 'TENTATIVE',
    stamp: new Date(),
    url: siteUrl(dashboardLink('appointments', a.id)),
  });
  return { ics, filename: `appointment-${a.aircraftTailNumber}-${a.scheduledDate}.ics` };
}

/** The calendar file as an email attachment (both parties get it by email). */
export async function appointmentIcsAttachment(db: Db, id: string): Promise<OutboxAttachment> {
  const { ics, filename } = await appointmentIcs(db, id);
  return {
    filename,
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: Buffer.from(ics, 'utf8').toString('base64'),
  };
}
