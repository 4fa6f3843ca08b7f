import type { HTMLAttributes } from 'react';
import { cn } from './cn.ts';

const tones = {
  default: 'bg-accent text-accent-foreground',
  secondary: 'bg-muted text-foreground',
  outline: 'border border-border text-foreground',
  success: 'bg-success-muted text-success',
  warning: 'bg-warning-muted text-warning',
  info: 'bg-info-muted text-accent',
  destructive: 'bg-destructive text-white',
} as const;

export type BadgeTone = keyof typeof tones;

export function Badge({
  className,
  tone = 'default',
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
