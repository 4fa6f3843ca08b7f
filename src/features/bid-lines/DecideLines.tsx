import { LINE_CATEGORY_OPTIONS, UNDECLINABLE } from '../../contract/bid-lines.ts';
import type { BidLine, LineDecision } from '../../contract/line-items.ts';
import { labelOf } from '../../contract/options.ts';
import { formatCurrency } from '../../lib/format.ts';

const CHOICES: Array<{ value: LineDecision; label: string }> = [
  { value: 'approve', label: 'Approve' },
  { value: 'defer', label: 'Defer' },
  { value: 'decline', label: 'Decline' },
];

/**
 * One radio group per line (approve, defer, decline), the decline choice absent on inspection and
 * airworthiness lines, which can only be approved or deferred; the approved total below.
 */
export function DecideLines({
  lines,
  decisions,
  onChange,
  prefix,
}: {
  lines: BidLine[];
  decisions: Record<string, LineDecision>;
  onChange: (d: Record<string, LineDecision>) => void;
  prefix: string;
}) {
  const approved =
    lines
      .filter((l) => (decisions[l.id] ?? 'approve') === 'approve')
      .reduce((s, l) => s + Math.round(l.totalCost * 100), 0) / 100;
  return (
    <div className="space-y-3">
      <ul className="space-y-2">
        {lines.map((l) => {
          const name = `${prefix}-${l.id}`;
          const locked = UNDECLINABLE.includes(l.category);
          return (
            <li key={l.id} className="rounded-md border border-border p-3">
              <fieldset>
                <legend className="flex w-full justify-between gap-3 text-sm">
                  <span>
                    <span className="text-muted-foreground">{labelOf(LINE_CATEGORY_OPTIONS, l.category)}:</span>{' '}
                    <span className="font-medium">{l.description}</span>
                  </span>
                  <span className="font-semibold tabular-nums">{formatCurrency(l.totalCost)}</span>
                </legend>
                <p className="text-xs text-muted-foreground">
                  {l.laborHours} h at {formatCurrency(l.laborRate)}/h
                  {l.partsCost > 0 ? ` + parts ${formatCurrency(l.partsCost)}` : ''}
                  {locked ? ' · required for airworthiness: approve or defer' : ''}
                </p>
                <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
                  {CHOICES.filter((c) => !(locked && c.value === 'decline')).map((c) => (
                    <label key={c.value} className="flex min-h-9 cursor-pointer items-center gap-2 text-sm">
                      <input
                        type="radio"
                        name={name}
                        value={c.value}
                        className="h-4 w-4 accent-accent"
                        checked={(decisions[l.id] ?? 'approve') === c.value}
                        onChange={() => onChange({ ...decisions, [l.id]: c.value })}
                      />
                      {c.label}
                    </label>
                  ))}
                </div>
              </fieldset>
            </li>
          );
        })}
      </ul>
      <p className="flex items-center justify-between rounded-md border border-border px-3 py-2" aria-live="polite">
        <span className="text-sm text-muted-foreground">Approved total</span>
        <span className="text-lg font-bold tabular-nums">{formatCurrency(approved)}</span>
      </p>
    </div>
  );
}

export const decisionsBody = (lines: BidLine[], decisions: Record<string, LineDecision>) =>
  lines.map((l) => ({ lineId: l.id, decision: decisions[l.id] ?? 'approve' }));
