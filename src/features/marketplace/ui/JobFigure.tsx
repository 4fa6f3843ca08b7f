import { FIGURE_LABELS, formatHours, type JobFigures } from '../../../contract/job-figures.ts';
import { formatCurrency } from '../../../lib/format.ts';

/**
 * The figure of a job that stands now, named ("Approved: $1,600.00"), with the others beside it
 * in small print, from the one computation the server answers (docs/decisions/0170).
 */
export function JobFigure({
  figures,
  hours = false,
  className,
}: {
  figures: JobFigures;
  hours?: boolean;
  className?: string;
}) {
  const c = figures.current;
  const others = (['quoted', 'approved', 'withChangeOrders'] as const).filter(
    (k) => k !== c.kind && figures[k] !== null && !(c.kind === 'final' && k === 'withChangeOrders'),
  );
  return (
    <span className={className} data-figure={c.kind}>
      <span className="font-semibold">
        {c.label}: <span className="tabular-nums">{formatCurrency(c.totals.totalCost)}</span>
      </span>
      {hours && <span className="text-muted-foreground"> · {formatHours(c.totals.hours)}</span>}
      {others.length > 0 && (
        <span className="block text-xs text-muted-foreground">
          {others.map((k) => `${FIGURE_LABELS[k]} ${formatCurrency(figures[k]!.totalCost)}`).join(' · ')}
          {figures.awaiting ? ` · Waiting for the owner ${formatCurrency(figures.awaiting.totalCost)}` : ''}
        </span>
      )}
    </span>
  );
}
