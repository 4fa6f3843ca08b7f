import { describe, expect, it } from 'vitest';
import { formatHours, jobFigures, stageOf, type FigureLine } from './job-figures.ts';

// The figures of the walk-through (approved $2,191.86, with the change order
// $2,734.66, quoted $2,624.35) come out of one computation, each named.
const l = (
  laborHours: number,
  laborCost: number,
  partsCost: number,
  decision: FigureLine['decision'],
  changeOrderId: string | null = null,
): FigureLine => ({ laborHours, laborCost, partsCost, decision, changeOrderId });

const LINES = [
  l(14.5, 1812.5, 0, 'approve'),
  l(1.2, 150, 229.36, 'approve'),
  l(2.5, 312.5, 0, 'defer'),
  l(0.8, 100, 19.99, 'decline'),
  l(3.1, 387.5, 155.3, 'approve', 'co-1'),
  l(1, 125, 0, null, 'co-2'),
];

describe('jobFigures', () => {
  it('names the quote before acceptance', () => {
    const f = jobFigures(LINES, 'quoted');
    expect(f.quoted).toEqual({ hours: 19, laborCost: 2375, partsCost: 249.35, totalCost: 2624.35 });
    expect(f.approved).toBeNull();
    expect(f.current).toMatchObject({ kind: 'quoted', label: 'Quoted', totals: f.quoted });
  });

  it('approved, with change orders, final: each from the decisions, the waiting change order in none', () => {
    const accepted = jobFigures(LINES, 'accepted');
    expect(accepted.approved).toEqual({ hours: 15.7, laborCost: 1962.5, partsCost: 229.36, totalCost: 2191.86 });
    expect(accepted.withChangeOrders).toEqual({ hours: 18.8, laborCost: 2350, partsCost: 384.66, totalCost: 2734.66 });
    expect(accepted.awaiting).toEqual({ hours: 1, laborCost: 125, partsCost: 0, totalCost: 125 });
    expect(accepted.current).toMatchObject({ kind: 'withChangeOrders', label: 'With change orders' });
    const done = jobFigures(LINES, 'completed');
    expect(done.final).toEqual(accepted.withChangeOrders);
    expect(done.current).toMatchObject({ kind: 'final', label: 'Final', totals: { totalCost: 2734.66 } });
    // Without any change order approved, the final figure is the approved one.
    expect(jobFigures(LINES.slice(0, 4), 'completed').current).toMatchObject({
      kind: 'final',
      totals: { totalCost: 2191.86 },
    });
  });

  it('stage from the appointment status', () => {
    expect(stageOf(null)).toBe('quoted');
    expect(stageOf('in_progress')).toBe('accepted');
    expect(stageOf('completed')).toBe('completed');
  });
});

describe('formatHours (point 8 and 15: one rule for hours)', () => {
  it('tenths, grouped, never more decimals than the logbook counts', () => {
    expect(formatHours(17.5)).toBe('17.5 h');
    expect(formatHours(17)).toBe('17 h');
    expect(formatHours(3390.4, 'hours')).toBe('3,390.4 hours');
    expect(formatHours(1, 'hours')).toBe('1 hour');
  });
});
