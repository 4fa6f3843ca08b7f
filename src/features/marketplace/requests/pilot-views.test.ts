import { describe, expect, it } from 'vitest';
import type { ServiceRequest } from '../../../contract/service-requests.ts';
import { activeRequests, formatTime } from './pilot-views.ts';
import { formatDay } from '../../../lib/format.ts';

describe('pilot views', () => {
  it('counts pending, matched and quoted requests as active', () => {
    const reqs = ['pending', 'matched', 'quoted', 'approved', 'in_progress', 'completed', 'cancelled'].map(
      (status) => ({ status }) as ServiceRequest,
    );
    expect(activeRequests(reqs).map((r) => r.status)).toEqual(['pending', 'matched', 'quoted']);
  });

  it('formats calendar dates and times en-US without shifting the day', () => {
    expect(formatDay('2030-01-01')).toBe('Jan 1, 2030');
    expect(formatDay(null)).toBe('—');
    expect(formatTime('09:00')).toBe('9:00 AM');
    expect(formatTime('17:30')).toBe('5:30 PM');
  });
});
