import type { HTMLAttributes } from 'react';
import { cn } from './cn.ts';

export function Alert({
  className,
  tone = 'destructive',
  ...props
}: HTMLAttributes<HTMLDivElement> & { tone?: 'destructive' | 'info' }) {
  return (
    <div
      role="alert"
      className={cn(
        'rounded-md border px-4 py-3 text-sm',
        tone === 'destructive'
          ? 'border-destructive/40 bg-destructive-muted text-destructive'
          : 'border-accent/30 bg-info-muted text-accent',
        className,
      )}
      {...props}
    />
  );
}
