import type { LucideIcon } from 'lucide-react';
import { Card } from './card.tsx';

/**
 * One overview counter: a label, a big figure and an icon; `null` while the server counts. `note`
 * says which figure it is when two money figures could be read as the same (billed or paid out,
 * before or after the fee).
 */
export function StatCard({
  label,
  value,
  Icon,
  tone = 'text-accent',
  note,
}: {
  label: string;
  value: string | number | null;
  Icon: LucideIcon;
  tone?: string;
  note?: string;
}) {
  if (value === null) {
    return (
      <Card className="flex items-center justify-between gap-3 p-4 sm:p-5">
        <div className="min-w-0">
          <p className="text-sm font-medium text-muted-foreground">{label}</p>
          <p className="mt-1 text-2xl font-bold text-muted-foreground sm:text-3xl" role="status">
            <span aria-hidden="true">…</span>
            <span className="sr-only">Loading</span>
          </p>
        </div>
        <Icon className={`h-7 w-7 shrink-0 sm:h-8 sm:w-8 ${tone}`} aria-hidden="true" />
      </Card>
    );
  }
  return (
    <Card className="flex items-center justify-between gap-3 p-4 sm:p-5">
      <div className="min-w-0">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        {/* A figure is big; a phrase ("New · no ratings yet") reads at body size and wraps. */}
        <p
          className={
            typeof value === 'number' || value.length <= 8
              ? 'mt-1 text-2xl font-bold tabular-nums sm:text-3xl'
              : 'mt-1 text-base font-semibold'
          }
        >
          {value}
        </p>
        {note && <p className="mt-1 text-xs text-muted-foreground">{note}</p>}
      </div>
      <Icon className={`h-7 w-7 shrink-0 sm:h-8 sm:w-8 ${tone}`} aria-hidden="true" />
    </Card>
  );
}
