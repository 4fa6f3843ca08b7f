import { describe, expect, it } from 'vitest';
import { inQuietHours, localHour } from './quiet-hours.ts';

describe('quiet hours in the reader time zone', () => {
  const at = new Date('2026-07-01T04:30:00Z'); // 21:30 in Los Angeles (PDT), 22:30 in Denver, 06:30 in Paris

  it('reads the hour in the zone', () => {
    expect(localHour(at, 'America/Los_Angeles')).toBe(21);
    expect(localHour(at, 'Europe/Paris')).toBe(6);
    expect(localHour(at, 'Asia/Tokyo')).toBe(13);
  });

  it('is quiet from 21:00 to 07:00 and not outside', () => {
    expect(inQuietHours(at, 'America/Los_Angeles')).toBe(true);
    expect(inQuietHours(at, 'Europe/Paris')).toBe(true);
    expect(inQuietHours(at, 'Asia/Tokyo')).toBe(false);
    expect(inQuietHours(new Date('2026-07-01T14:00:00Z'), 'UTC')).toBe(false);
    expect(inQuietHours(new Date('2026-07-01T07:00:00Z'), 'UTC')).toBe(false);
    expect(inQuietHours(new Date('2026-07-01T20:59:00Z'), 'UTC')).toBe(false);
    expect(inQuietHours(new Date('2026-07-01T21:00:00Z'), 'UTC')).toBe(true);
  });

  it('uses the business zone when the reader never told one, or told a bad one', () => {
    expect(inQuietHours(at, null)).toBe(true);
    expect(inQuietHours(at, 'Not/AZone')).toBe(true);
  });
});
