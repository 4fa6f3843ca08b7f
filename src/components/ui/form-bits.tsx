import type { InputHTMLAttributes } from 'react';
import { get, type FieldErrors, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form';
import { Input } from './field.tsx';
import { fieldAria, FormField } from './form-field.tsx';

/**
 * A labelled text input bound to react-hook-form, with its error line tied to it for screen
 * readers. `prefix` keeps ids unique when two forms are on screen.
 */
export function TextField<T extends FieldValues>({
  prefix,
  name,
  label,
  register,
  errors,
  hint,
  ...props
}: {
  prefix: string;
  name: Path<T>;
  label: string;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  hint?: string;
} & InputHTMLAttributes<HTMLInputElement>) {
  // A nested field ('inspectionSigner.fullName') reads its error by path and gets an id without dots.
  const id = `${prefix}-${name.replace(/\./g, '-')}`;
  const message = (get(errors, name) as { message?: string } | undefined)?.message;
  return (
    <FormField id={id} label={label} error={message} {...(hint ? { hint } : {})}>
      <Input id={id} {...props} {...fieldAria(id, message, Boolean(hint))} {...register(name)} />
    </FormField>
  );
}

/** Today as 'YYYY-MM-DD' in the user's time zone: the earliest date a date picker offers. */
export function todayIso(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
