import { Loader2 } from 'lucide-react';
import { cn } from './cn.ts';

export function Spinner({ className }: { className?: string }) {
  return <Loader2 className={cn('h-4 w-4 animate-spin', className)} aria-hidden="true" />;
}

/** A centred loading line for a whole screen or panel; announced to screen readers. */
export function Loading({ label = 'Loading...' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex items-center justify-center gap-2 py-16 text-muted-foreground"
    >
      <Spinner className="h-5 w-5" />
      <span>{label}</span>
    </div>
  );
}
