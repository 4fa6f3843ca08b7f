import { describe, expect, it } from 'vitest';
import { findAirport, nearestAirports, searchAirports } from './airports.ts';
import { ageText, arrivalText, feeText, nextOccurrence, onSiteLabel } from './format.ts';

describe('aog format', () => {
  it('says an arrival as a clock time where the aircraft is, today or on its weekday', () => {
    const now = new Date('2026-11-25T20:00:00Z');
    expect(arrivalText('2026-11-25T22:30:00Z', 'America/Anchorage', now)).toBe('today 1:30 PM AKST');
    expect(arrivalText('2026-11-26T18:00:00Z', 'America/Anchorage', now)).toBe('Thu 9:00 AM AKST');
  });

  it('says fees in dollars, cents only when there are some', () => {
    expect(feeText(15_000)).toBe('$150');
    expect(feeText(12_550)).toBe('$125.50');
    expect(feeText(0)).toBe('$0');
  });

  it('reads a typed time as its next occurrence', () => {
    // 2 PM in Anchorage (AKST, UTC-9) is 11 PM UTC: a typed time is the aircraft's, whatever the
    // zone of the machine running the test or the person typing.
    const now = new Date('2026-11-25T23:00:00Z');
    expect(nextOccurrence('15:30', 'America/Anchorage', now)).toBe('2026-11-26T00:30:00.000Z');
    expect(nextOccurrence('09:15', 'America/Anchorage', now)).toBe('2026-11-26T18:15:00.000Z');
    expect(nextOccurrence('23:45', 'America/Anchorage', now)).toBe('2026-11-26T08:45:00.000Z');
    expect(nextOccurrence('soon', 'America/Anchorage', now)).toBeNull();
    expect(onSiteLabel('America/Anchorage', now)).toBe('On site by (AKST, at the aircraft)');
    expect(ageText(new Date(Date.now() - 125 * 60_000).toISOString())).toBe('2 h 5 min');
  });
});

describe('aog airports', () => {
  it('finds identifiers only, nearest first from a position', () => {
    expect(findAirport('pao')?.label).toBe('KPAO (Palo Alto, CA)');
    expect(findAirport('San Jose, CA')).toBeNull();
    expect(nearestAirports({ latitude: 64.8151, longitude: -147.856 }, 1)[0]).toMatchObject({
      code: 'PAFA',
      distanceMiles: 0,
    });
    expect(searchAirports('fairbanks', 3).map((a) => a.code)).toContain('PAFA');
  });
});
