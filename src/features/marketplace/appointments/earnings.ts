import type { Appointment } from '../../../contract/appointments.ts';

export interface MonthTotal {
  /** 'YYYY-MM', for sorting. */
  month: string;
  label: string;
  jobs: number;
  total: number;
}

export interface Earnings {
  earned: number;
  completedJobs: number;
  averagePerJob: number;
  /** Accepted jobs not yet completed (scheduled, confirmed, in progress). */
  pending: number;
  pendingJobs: Appointment[];
  byMonth: MonthTotal[];
  completed: Appointment[];
}

const cents = (n: number) => Math.round(n * 100);

function monthOf(a: Appointment): string {
  const d = new Date(a.completedAt ?? `${a.scheduledDate}T12:00:00`);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

/** 'YYYY-MM' as people read it ('November 2026'). */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(y ?? 2000, (m ?? 1) - 1, 1).toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
}

/**
 * A mechanic's money from their appointments: what completed jobs earned (in total and by month of
 * completion, newest month first) and what accepted jobs still to finish are worth. Cancelled jobs
 * count for nothing. Sums are in cents so they never drift.
 */
export function computeEarnings(appointments: readonly Appointment[]): Earnings {
  const completed = appointments
    .filter((a) => a.status === 'completed')
    .sort((a, b) => (b.completedAt ?? b.scheduledDate).localeCompare(a.completedAt ?? a.scheduledDate));
  const pendingJobs = appointments.filter(
    (a) => a.status === 'scheduled' || a.status === 'confirmed' || a.status === 'in_progress',
  );
  const months = new Map<string, { jobs: number; cents: number }>();
  for (const a of completed) {
    const key = monthOf(a);
    const m = months.get(key) ?? { jobs: 0, cents: 0 };
    m.jobs += 1;
    m.cents += cents(a.totalCost);
    months.set(key, m);
  }
  const earnedCents = completed.reduce((s, a) => s + cents(a.totalCost), 0);
  return {
    earned: earnedCents / 100,
    completedJobs: completed.length,
    averagePerJob: completed.length ? Math.round(earnedCents / completed.length) / 100 : 0,
    pending: pendingJobs.reduce((s, a) => s + cents(a.totalCost), 0) / 100,
    pendingJobs,
    byMonth: [...months.entries()]
      .sort(([a], [b]) => b.localeCompare(a))
      .map(([month, m]) => ({ month, label: monthLabel(month), jobs: m.jobs, total: m.cents / 100 })),
    completed,
  };
}
