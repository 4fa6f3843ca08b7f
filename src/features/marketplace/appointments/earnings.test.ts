import { describe, expect, it } from 'vitest';
import type { Appointment } from '../../../contract/appointments.ts';
import { computeEarnings } from './earnings.ts';

const job = (status: string, totalCost: number, completedAt: string | null = null, scheduledDate = '2030-01-10') =>
  ({ id: `${status}-${totalCost}-${completedAt}`, status, totalCost, completedAt, scheduledDate }) as Appointment;

describe('computeEarnings', () => {
  it('totals completed jobs by month, newest first, and pending accepted jobs', () => {
    const e = computeEarnings([
      job('completed', 1500.3, '2030-01-05T15:00:00'),
      job('completed', 0.1, '2030-01-20T15:00:00'),
      job('completed', 0.2, '2030-03-02T15:00:00'),
      job('scheduled', 800),
      job('confirmed', 200.5),
      job('in_progress', 100),
      job('cancelled', 999),
    ]);
    expect(e.earned).toBe(1500.6);
    expect(e.completedJobs).toBe(3);
    expect(e.averagePerJob).toBe(500.2);
    expect(e.pending).toBe(1100.5);
    expect(e.pendingJobs).toHaveLength(3);
    expect(e.byMonth).toEqual([
      { month: '2030-03', label: 'March 2030', jobs: 1, total: 0.2 },
      { month: '2030-01', label: 'January 2030', jobs: 2, total: 1500.4 },
    ]);
    expect(e.completed.map((a) => a.totalCost)).toEqual([0.2, 0.1, 1500.3]);
  });

  it('is all zeros with no jobs', () => {
    expect(computeEarnings([])).toMatchObject({
      earned: 0,
      completedJobs: 0,
      averagePerJob: 0,
      pending: 0,
      byMonth: [],
    });
  });
});
