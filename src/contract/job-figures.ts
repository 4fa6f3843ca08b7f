import type { LineDecision, Totals } from './line-items.ts';

/**
 * The money and hours of one job, computed once from its lines, their decisions and its change
 * orders, so every screen and email names the same figure. A job has up to
 * four figures: what the mechanic quoted, what the owner approved at acceptance, the approved work
 * with the change orders the owner approved, and the final figure once the job is completed.
 * docs/decisions/0170-one-figure-per-job.md
 */

export type FigureKind = 'quoted' | 'approved' | 'withChangeOrders' | 'final';

/** How each figure is named wherever it is shown or written. */
export const FIGURE_LABELS: Record<FigureKind, string> = {
  quoted: 'Quoted',
  approved: 'Approved',
  withChangeOrders: 'With change orders',
  final: 'Final',
};

/** A line as the figures need it: the API's dollars and hours, its decision and its change order. */
export interface FigureLine {
  laborHours: number;
  laborCost: number;
  partsCost: number;
  decision: LineDecision | null;
  changeOrderId: string | null;
}

export type JobStage = 'quoted' | 'accepted' | 'completed';

export interface JobFigures {
  quoted: Totals;
  /** The quote's lines the owner approved; null before acceptance. */
  approved: Totals | null;
  /** Approved work plus approved change-order lines; null until a change order approves a line. */
  withChangeOrders: Totals | null;
  /** The completed job's figure; null until completion. */
  final: Totals | null;
  /** Change-order lines still waiting for the owner (not in any figure above). */
  awaiting: Totals | null;
  /** The figure that stands now, with its name. */
  current: { kind: FigureKind; label: string; totals: Totals };
}

interface Sum {
  tenths: number;
  labor: number;
  parts: number;
}

// Integers until the answer: tenths of an hour and cents, so sums never drift.
const add = (s: Sum, l: FigureLine): Sum => ({
  tenths: s.tenths + Math.round(l.laborHours * 10),
  labor: s.labor + Math.round(l.laborCost * 100),
  parts: s.parts + Math.round(l.partsCost * 100),
});
const ZERO: Sum = { tenths: 0, labor: 0, parts: 0 };
const totals = (lines: readonly FigureLine[]): Totals => {
  const s = lines.reduce(add, ZERO);
  return {
    hours: s.tenths / 10,
    laborCost: s.labor / 100,
    partsCost: s.parts / 100,
    totalCost: (s.labor + s.parts) / 100,
  };
};

export function jobFigures(lines: readonly FigureLine[], stage: JobStage): JobFigures {
  const quote = lines.filter((l) => l.changeOrderId === null);
  const changes = lines.filter((l) => l.changeOrderId !== null);
  const quoted = totals(quote);
  const approvedQuote = quote.filter((l) => l.decision === 'approve');
  const approvedChanges = changes.filter((l) => l.decision === 'approve');
  const waiting = changes.filter((l) => l.decision === null);
  const approved = stage === 'quoted' ? null : totals(approvedQuote);
  const withChangeOrders =
    stage !== 'quoted' && approvedChanges.length > 0 ? totals([...approvedQuote, ...approvedChanges]) : null;
  const final = stage === 'completed' ? (withChangeOrders ?? approved) : null;
  const kind: FigureKind = final ? 'final' : withChangeOrders ? 'withChangeOrders' : approved ? 'approved' : 'quoted';
  const current = final ?? withChangeOrders ?? approved ?? quoted;
  return {
    quoted,
    approved,
    withChangeOrders,
    final,
    awaiting: waiting.length ? totals(waiting) : null,
    current: { kind, label: FIGURE_LABELS[kind], totals: current },
  };
}

/** The stage of a job from its appointment status (no appointment: the quote stage). */
export function stageOf(appointmentStatus: string | null | undefined): JobStage {
  if (!appointmentStatus) return 'quoted';
  return appointmentStatus === 'completed' ? 'completed' : 'accepted';
}

const hoursFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 1 });

/**
 * Hours as people read them, one rule for every screen and email: tenths of an hour (6 minutes,
 * as logbooks count), grouped ('3,390.4'). Values are rounded to the tenth only for display; the
 * figures themselves are already sums of tenths.
 */
export function formatHours(hours: number, unit: 'h' | 'hours' = 'h'): string {
  const text = hoursFormat.format(Math.round(hours * 10) / 10);
  return unit === 'h' ? `${text} h` : `${text} ${hours === 1 ? 'hour' : 'hours'}`;
}
