import { formatHours } from '../../../contract/job-figures.ts';
import { MARKETPLACE_SERVICE_TYPES } from '../../../contract/marketplace.ts';
import { labelOf } from '../../../contract/options.ts';
import type { Db } from '../../../server/db/client.ts';
import type { OutboxAttachment } from '../../../server/db/tables/foundation.ts';
import { siteUrl } from '../../../server/site-url.server.ts';
import { getAppointment } from '../appointments.server.ts';
import { dashboardLink } from '../links.ts';
import { buildIcs } from './ics.ts';

/** A work day in the calendar: a longer job is said in the description, not blocked overnight. */
const MAX_EVENT_HOURS = 8;

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
  const description = [
    `${service} of ${a.aircraftTailNumber} (${a.aircraftMake} ${a.aircraftModel}).`,
    `Time zone: ${schedule.timeZone}.${schedule.state === 'agreed' ? '' : ' Not yet agreed: the time may change.'}`,
    `Estimated work: ${formatHours(hours)}.`,
    `Mechanic: ${parties.mechanic.name}${parties.mechanic.businessName ? ` (${parties.mechanic.businessName})` : ''}${parties.mechanic.phone ? `, ${parties.mechanic.phone}` : ''}, ${parties.mechanic.email}.`,
    `Owner: ${parties.owner.name}${parties.owner.phone ? `, ${parties.owner.phone}` : ''}, ${parties.owner.email}.`,
    parties.aircraft.whereabouts ? `Aircraft at: ${parties.aircraft.whereabouts}.` : '',
  ]
    .filter(Boolean)
    .join('\n');
  const ics = buildIcs({
    uid: `appointment-${a.id}@skyward-mobile-aviation`,
    sequence: reschedules,
    date: a.scheduledDate,
    time: a.scheduledTime,
    timeZone: schedule.timeZone,
    hours: Math.min(hours, MAX_EVENT_HOURS),
    summary: `${service}: ${a.aircraftTailNumber}`,
    location: [parties.aircraft.whereabouts, a.serviceLocation].filter(Boolean).join(', '),
    description,
    status: a.status === 'cancelled' ? 'CANCELLED' : schedule.state === 'agreed' ? 'CONFIRMED' : 'TENTATIVE',
    stamp: new Date(),
    url: siteUrl(dashboardLink('appointments', a.id)),
  });
  return { ics, filename: `appointment-${a.aircraftTailNumber}-${a.scheduledDate}.ics` };
}

/** The calendar file as an email attachment (issue 26, point 9: both parties get it by email). */
export async function appointmentIcsAttachment(db: Db, id: string): Promise<OutboxAttachment> {
  const { ics, filename } = await appointmentIcs(db, id);
  return {
    filename,
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: Buffer.from(ics, 'utf8').toString('base64'),
  };
}
