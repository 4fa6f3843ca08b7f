/**
 * One appointment as an iCalendar file (RFC 5545). Start and end are written in UTC (the form
 * "DATE-TIME with UTC time", 3.3.5), computed from the wall-clock times of the job (job-span.ts), so
 * every calendar shows the right local time without a VTIMEZONE block; the location's zone is
 * named in the description. The UID is the appointment's, and SEQUENCE grows with each agreed
 * reschedule, so a calendar that imports the new file moves the event instead of adding one.
 */

export interface IcsEvent {
  uid: string;
  sequence: number;
  /** The instants it covers (job-span.ts: a job over several days is one event over them). */
  start: Date;
  end: Date;
  summary: string;
  location: string;
  description: string;
  status: 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';
  stamp: Date;
  url?: string;
}

const utc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The one UID of an appointment's event, in its file and in the mechanic's feed: an update replaces it. */
export const appointmentUid = (appointmentId: string) => `appointment-${appointmentId}@skyward-mobile-aviation`;

/** TEXT escaping (3.3.11): backslash, semicolon, comma, newline. */
export const escapeText = (s: string) =>
  s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Content lines are folded at 75 octets (3.1), never inside a UTF-8 character. */
export function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    const limit = out.length === 0 ? 75 : 74; // continuation lines start with a space
    if (bytes + size > limit) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

export function buildIcs(e: IcsEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Skyward Mobile Aviation//Appointments//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTAMP:${utc(e.stamp)}`,
    `DTSTART:${utc(e.start)}`,
    `DTEND:${utc(e.end)}`,
    `SUMMARY:${escapeText(e.summary)}`,
    `LOCATION:${escapeText(e.location)}`,
    `DESCRIPTION:${escapeText(e.description)}`,
    `STATUS:${e.status}`,
    ...(e.url ? [`URL:${e.url}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
