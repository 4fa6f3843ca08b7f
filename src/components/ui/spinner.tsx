import { cn } from './cn.ts';

/**
 * Lucide's loader-circle, drawn here rather than imported: the spinner is in the home page's quote
 * form, and lucide-react's icon machinery would be the only icon code that page loads.
 */
export function Spinner({ className }: { className?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={cn('h-4 w-4 animate-spin', className)}
      aria-hidden="true"
    >
      <path d="M21 12a9 9 0 1 1-6.219-8.56" />
    </svg>
  );
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
