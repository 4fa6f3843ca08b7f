import { escapeText, fold } from '../marketplace/schedule/ics.ts';

/**
 * A mechanic's calendar feed as iCalendar (RFC 5545): many events in one calendar, with the text
 * escaping and line folding of the appointment's own ICS file. Times are written in UTC (`...Z`),
 * computed from the mechanic's local hours and zone (`zonedToUtc`), so a phone shows them right in
 * any zone and across a DST change without a VTIMEZONE block.
 */

export interface CalendarEvent {
  uid: string;
  /** Grows with each move, as in the appointment's own file (the same UID there). */
  sequence?: number;
  start: Date;
  end: Date;
  summary: string;
  description?: string | undefined;
  location?: string | undefined;
  /** CONFIRMED or TENTATIVE or CANCELLED. */
  status?: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  updatedAt?: Date;
}

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export function calendar(name: string, events: readonly CalendarEvent[], now: Date = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Skyward Mobile Aviation//Appointments//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
  ];
  for (const e of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      ...(e.sequence !== undefined ? [`SEQUENCE:${e.sequence}`] : []),
      `DTSTAMP:${stamp(now)}`,
      `DTSTART:${stamp(e.start)}`,
      `DTEND:${stamp(e.end)}`,
      `SUMMARY:${escapeText(e.summary)}`,
    );
    if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
    if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`);
    if (e.status) lines.push(`STATUS:${e.status}`);
    if (e.updatedAt) lines.push(`LAST-MODIFIED:${stamp(e.updatedAt)}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}
