import { describe, expect, it } from 'vitest';
import { hoursVsMedian } from './hours-difference.ts';

describe('hours against the median', () => {
  it('reads the same either side of the median (19.5 h and 14 h against 16.75 h)', () => {
    expect(hoursVsMedian(19.5 - 16.75)).toBe('+2.8 h');
    expect(hoursVsMedian(14 - 16.75)).toBe('−2.8 h');
    expect(hoursVsMedian(0)).toBe('±0 h');
    expect(hoursVsMedian(0.04)).toBe('±0 h');
    expect(hoursVsMedian(-1.25)).toBe('−1.3 h');
  });
});
