import ical from 'node-ical';
import { describe, expect, it } from 'vitest';
import { timeZoneOfLabel } from '../../../contract/appointment-schedule.ts';
import { buildIcs, fold } from './ics.ts';
import { jobSpan } from './job-span.ts';
import { todayIn, zonedToUtc } from '../../../contract/zoned-time.ts';
import { whenText } from './zoned-time.ts';

describe('wall-clock times where the aircraft is', () => {
  it('the instant of a local time on both sides of a DST change', () => {
    expect(zonedToUtc('2030-12-02', '08:00', 'America/Denver').toISOString()).toBe('2030-12-02T15:00:00.000Z');
    expect(zonedToUtc('2031-07-01', '08:00', 'America/Denver').toISOString()).toBe('2031-07-01T14:00:00.000Z');
    // The day clocks go forward (Mar 9, 2031 in the US): before and after the change.
    expect(zonedToUtc('2031-03-09', '01:30', 'America/New_York').toISOString()).toBe('2031-03-09T06:30:00.000Z');
    expect(zonedToUtc('2031-03-09', '08:00', 'America/New_York').toISOString()).toBe('2031-03-09T12:00:00.000Z');
    // Arizona keeps standard time all year.
    expect(zonedToUtc('2031-07-01', '08:00', 'America/Phoenix').toISOString()).toBe('2031-07-01T15:00:00.000Z');
  });

  it('names the zone of a place and says a time with it', () => {
    expect(timeZoneOfLabel('KPAO (Palo Alto, CA)')).toBe('America/Los_Angeles');
    expect(timeZoneOfLabel('Helena, MT')).toBe('America/Denver');
    expect(whenText({ date: '2030-12-02', time: '13:30' }, 'America/Los_Angeles')).toBe(
      'Mon, Dec 2, 2030 at 1:30 PM PST',
    );
    expect(todayIn('Pacific/Honolulu', new Date('2026-11-26T05:00:00Z'))).toBe('2026-11-25');
  });

  it('an ICS file a real parser reads, lines folded at 75 octets without splitting a character', () => {
    const long = 'Hangar 4 — Cody Aviation FBO; call first, gate code at the desk. '.repeat(4);
    const ics = buildIcs({
      uid: 'appointment-1@x',
      sequence: 2,
      ...jobSpan({
        date: '2031-07-01',
        time: '08:00',
        timeZone: 'America/Denver',
        hours: 4,
        lastDay: '2031-07-01',
        lastDayEnd: null,
      }),
      summary: 'Annual: N12345',
      location: long,
      description: 'Line one\nLine two, with a comma',
      status: 'CONFIRMED',
      stamp: new Date('2026-11-25T12:00:00Z'),
    });
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const event = Object.values(ical.sync.parseICS(ics)).find((c) => c?.type === 'VEVENT') as ical.VEvent;
    expect(event.start.toISOString()).toBe('2031-07-01T14:00:00.000Z');
    expect(event.end?.toISOString()).toBe('2031-07-01T18:00:00.000Z');
    expect(event.location).toBe(long);
    expect(event.description).toBe('Line one\nLine two, with a comma');
    expect(fold('é'.repeat(50)).split('\r\n ').join('')).toBe('é'.repeat(50));
  });
});
