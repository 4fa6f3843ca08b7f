import { Progress as P } from 'radix-ui';
import { cn } from './cn.ts';

/**
 * A determinate progress bar (Radix: role=progressbar with aria-valuenow/min/max). `label` names it
 * for screen readers; `valueText` is what they read instead of the bare percentage.
 */
export function Progress({
  value,
  label,
  valueText,
  className,
}: {
  value: number;
  label: string;
  valueText?: string;
  className?: string;
}) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <P.Root
      value={percent}
      max={100}
      aria-label={label}
      getValueLabel={(v) => valueText ?? `${v}%`}
      className={cn('relative h-2.5 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <P.Indicator
        className="h-full w-full bg-accent transition-transform duration-200"
        style={{ transform: `translateX(-${100 - percent}%)` }}
      />
    </P.Root>
  );
}
