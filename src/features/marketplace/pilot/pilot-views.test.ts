import { describe, expect, it } from 'vitest';
import type { Appointment } from '../../../contract/appointments.ts';
import type { ServiceRequest } from '../../../contract/service-requests.ts';
import { activeRequests, formatDay, formatTime, upcomingAppointments } from './pilot-views.ts';

describe('pilot views', () => {
  it('counts pending, matched and quoted requests as active', () => {
    const reqs = ['pending', 'matched', 'quoted', 'approved', 'in_progress', 'completed', 'cancelled'].map(
      (status) => ({ status }) as ServiceRequest,
    );
    expect(activeRequests(reqs).map((r) => r.status)).toEqual(['pending', 'matched', 'quoted']);
  });

  it('lists scheduled and confirmed appointments soonest first', () => {
    const a = (status: string, scheduledDate: string, scheduledTime = '09:00') =>
      ({ status, scheduledDate, scheduledTime }) as Appointment;
    const list = upcomingAppointments([
      a('confirmed', '2030-02-01'),
      a('completed', '2029-01-01'),
      a('scheduled', '2030-01-15', '13:00'),
      a('scheduled', '2030-01-15', '08:00'),
    ]);
    expect(list.map((x) => `${x.scheduledDate} ${x.scheduledTime}`)).toEqual([
      '2030-01-15 08:00',
      '2030-01-15 13:00',
      '2030-02-01 09:00',
    ]);
  });

  it('formats calendar dates and times en-US without shifting the day', () => {
    expect(formatDay('2030-01-01')).toBe('Jan 1, 2030');
    expect(formatDay(null)).toBe('—');
    expect(formatTime('09:00')).toBe('9:00 AM');
    expect(formatTime('17:30')).toBe('5:30 PM');
  });
});
