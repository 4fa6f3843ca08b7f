import {
  forwardRef,
  type InputHTMLAttributes,
  type LabelHTMLAttributes,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cn } from './cn.ts';
import type { Option } from '../../contract/options.ts';

const control =
  'block w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground placeholder:text-slate-500 ' +
  'focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 ' +
  'aria-invalid:border-destructive';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, ...props },
  ref,
) {
  return <input ref={ref} className={cn(control, 'h-10', className)} {...props} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
  { className, ...props },
  ref,
) {
  return <textarea ref={ref} className={cn(control, 'min-h-24', className)} {...props} />;
});

export interface NativeSelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  options: readonly Option[];
  /** Shown first and not selectable again once a choice is made. */
  placeholder?: string;
}

/**
 * A native select: accessible and usable on phones out of the box, and no JavaScript weight on
 * the public pages. The placeholder is disabled, so an empty value is never a choice.
 */
export const NativeSelect = forwardRef<HTMLSelectElement, NativeSelectProps>(function NativeSelect(
  { className, options, placeholder, ...props },
  ref,
) {
  return (
    <select ref={ref} className={cn(control, 'h-10 pr-8', className)} {...props}>
      {placeholder !== undefined && (
        <option value="" disabled>
          {placeholder}
        </option>
      )}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
});

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={cn('mb-1.5 block text-sm font-medium text-foreground', className)} {...props} />;
}

/** A checkbox with its label to the right; the whole line is clickable. */
export const Checkbox = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { label: string }>(
  function Checkbox({ className, label, id, ...props }, ref) {
    return (
      <label htmlFor={id} className={cn('flex cursor-pointer items-start gap-2 text-sm', className)}>
        <input ref={ref} id={id} type="checkbox" className="mt-0.5 h-4 w-4 shrink-0 accent-accent" {...props} />
        <span>{label}</span>
      </label>
    );
  },
);

/** The error line under a field, tied to it with aria-describedby by the caller. */
export function FieldError({ id, message }: { id: string; message?: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-destructive">
      {message}
    </p>
  );
}

/** From this share of a limit on, a text field shows how much of it is used. */
const COUNT_FROM = 0.8;

/**
 * How much of a text limit is used, shown as the writer nears it ("1,850 / 2,000") and said at
 * the limit, so text is never cut without a word. Tie it to the field with aria-describedby
 * (`id`); it is announced politely as it changes.
 */
export function CharacterCount({ id, value, max }: { id: string; value: string | null | undefined; max: number }) {
  const used = value?.length ?? 0;
  if (used < max * COUNT_FROM) return <span id={id} hidden />;
  const atLimit = used >= max;
  return (
    <p
      id={id}
      aria-live="polite"
      className={cn(
        'mt-1 text-right text-xs tabular-nums',
        atLimit ? 'font-medium text-destructive' : 'text-muted-foreground',
      )}
    >
      {atLimit
        ? `Limit reached: ${max.toLocaleString('en-US')} characters`
        : `${used.toLocaleString('en-US')} / ${max.toLocaleString('en-US')}`}
    </p>
  );
}
