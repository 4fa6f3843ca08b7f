import type { ReactNode } from 'react';
import { cn } from './cn.ts';
import { FieldError, Label } from './field.tsx';

/**
 * The product's one form field: a label, the control, an optional hint and the error line. The
 * control takes `id`, and its `aria-describedby` / `aria-invalid` from `fieldAria(id, error,
 * hasHint)`, so a screen reader reads the hint and the error with it. The hint stays shown when
 * there is an error (it says what to type); the error comes last, under it.
 */
export function FormField({
  id,
  label,
  error,
  hint,
  hintId = `${id}-hint`,
  required = false,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** The hint line's id when the caller names it (default `{id}-hint`). */
  hintId?: string;
  /** Shows the required mark; the control says it to assistive tech itself (`required`). */
  required?: boolean | undefined;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      {required ? (
        // The mark sits beside the label, not in it: the label (the field's name) stays the word.
        <div className="mb-1.5 flex items-baseline gap-1">
          <Label htmlFor={id} className="mb-0 inline-block">
            {label}
          </Label>
          <span aria-hidden="true" className="text-sm text-destructive">
            *
          </span>
        </div>
      ) : (
        <Label htmlFor={id}>{label}</Label>
      )}
      {children}
      {hint && (
        <p id={hintId} className={cn('mt-1 text-xs text-muted-foreground')}>
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The ARIA attributes tying a control to its hint and error lines. */
export function fieldAria(id: string, error: string | undefined, hasHint = false) {
  const describedBy = [hasHint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return {
    'aria-invalid': error ? true : undefined,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  } as const;
}
