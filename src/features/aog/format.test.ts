import { describe, expect, it } from 'vitest';
import { findAirport, nearestAirports, searchAirports } from './airports.ts';
import { ageText, arrivalText, feeText, nextOccurrence } from './format.ts';

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
    const now = new Date(2026, 10, 25, 14, 0);
    expect(nextOccurrence('15:30', now)).toBe(new Date(2026, 10, 25, 15, 30).toISOString());
    expect(nextOccurrence('09:15', now)).toBe(new Date(2026, 10, 26, 9, 15).toISOString());
    expect(nextOccurrence('soon', now)).toBeNull();
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
