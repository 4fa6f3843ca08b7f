import ical from 'node-ical';
import { describe, expect, it } from 'vitest';
import { buildIcs } from './ics.ts';
import { dayEndOf, jobSpan, lastDayOf, spanText } from './job-span.ts';

// A job over several days is one calendar event from its first morning to its last evening
// (docs/decisions/0447-a-job-is-one-event-over-its-days.md).

const WEEKLY = [1, 2, 3, 4, 5].map((day) => ({ day, start: '08:00', end: '17:00' }));

describe('the span of a job in a calendar', () => {
  it('runs a 16.8-hour job quoted Dec 8-10 from 8:00 AM on the 8th to 5:00 PM on the 10th, at the airport', () => {
    const lastDay = lastDayOf({ scheduledDate: '2026-12-08', quotedStart: '2026-12-08', quotedEnd: '2026-12-10' });
    expect(lastDay).toBe('2026-12-10');
    const span = {
      date: '2026-12-08',
      time: '08:00:00',
      timeZone: 'America/Los_Angeles',
      hours: 16.8,
      lastDay,
      lastDayEnd: dayEndOf(lastDay, WEEKLY, null),
    };
    const { start, end } = jobSpan(span);
    expect(start.toISOString()).toBe('2026-12-08T16:00:00.000Z');
    expect(end.toISOString()).toBe('2026-12-11T01:00:00.000Z');
    expect(spanText(span)).toBe(
      'On site Tue, Dec 8 to Thu, Dec 10, 2026, from 8:00 AM PST on the first day to 5:00 PM PST on the last.',
    );
    const ics = buildIcs({
      uid: 'appointment-1@x',
      sequence: 0,
      ...jobSpan(span),
      summary: 'Annual Inspection: N738TS',
      location: 'KRHV',
      description: spanText(span),
      status: 'CONFIRMED',
      stamp: new Date('2026-11-28T12:00:00Z'),
    });
    const events = Object.values(ical.sync.parseICS(ics)).filter((c) => c?.type === 'VEVENT') as ical.VEvent[];
    expect(events.map((e) => [e.start.toISOString(), e.end?.toISOString()])).toEqual([
      ['2026-12-08T16:00:00.000Z', '2026-12-11T01:00:00.000Z'],
    ]);
  });

  it('moves the quote’s span with an agreed move, and ends a booking on its last working day', () => {
    expect(lastDayOf({ scheduledDate: '2026-12-14', quotedStart: '2026-12-08', quotedEnd: '2026-12-10' })).toBe(
      '2026-12-16',
    );
    // A booking's days skip the weekend: Friday to Monday.
    expect(
      lastDayOf({
        scheduledDate: '2026-12-11',
        bookingDays: ['2026-12-11', '2026-12-14'],
        quotedStart: '2026-12-11',
        quotedEnd: '2026-12-14',
      }),
    ).toBe('2026-12-14');
    // No end of day known: 5:00 PM; a Saturday the weekly hours skip takes the preferred end.
    expect(dayEndOf('2026-12-12', WEEKLY, '15:30:00')).toBe('15:30');
    expect(dayEndOf('2026-12-12', null, null)).toBeNull();
  });

  it('keeps a one-day job to its hours, at most a working day, and at least half an hour', () => {
    const day = {
      date: '2031-07-01',
      time: '08:00',
      timeZone: 'America/Denver',
      lastDay: '2031-07-01',
      lastDayEnd: '17:00',
    };
    expect(jobSpan({ ...day, hours: 3 }).end.toISOString()).toBe('2031-07-01T17:00:00.000Z');
    expect(jobSpan({ ...day, hours: 12 }).end.toISOString()).toBe('2031-07-01T22:00:00.000Z');
    expect(jobSpan({ ...day, hours: 0 }).end.toISOString()).toBe('2031-07-01T14:30:00.000Z');
    expect(spanText({ ...day, hours: 3 })).toBe('On site Tue, Jul 1, 2031, 8:00 AM to 11:00 AM MDT.');
  });
});
