import type { ReactNode } from 'react';
import { FieldError, Label } from '../../components/ui/field.tsx';

/**
 * A label, a control and its error line. The control gets `id`, and `aria-describedby` /
 * `aria-invalid` from the caller via `describedBy(id)` so screen readers read the error with it.
 */
export function FormField({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The ARIA attributes tying a control to its error (or hint) line. */
export function fieldAria(id: string, error: string | undefined, hasHint = false) {
  const describedBy = error ? `${id}-error` : hasHint ? `${id}-hint` : undefined;
  return {
    'aria-invalid': error ? true : undefined,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  } as const;
}
