import type { InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { get, type FieldErrors, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form';
import type { Option } from '../../contract/options.ts';
import { Input, NativeSelect, Textarea } from './field.tsx';
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
  marked = false,
  id: givenId,
  ...props
}: {
  prefix: string;
  name: Path<T>;
  label: string;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  hint?: string;
  /** Shows the required mark beside the label (for a label without its own '*'). */
  marked?: boolean;
} & InputHTMLAttributes<HTMLInputElement>) {
  // A nested field ('inspectionSigner.fullName') reads its error by path and gets an id without dots.
  const id = givenId ?? `${prefix}-${name.replace(/\./g, '-')}`;
  const message = (get(errors, name) as { message?: string } | undefined)?.message;
  return (
    <FormField id={id} label={label} error={message} required={marked} {...(hint ? { hint } : {})}>
      <Input id={id} {...props} {...fieldAria(id, message, Boolean(hint))} {...register(name)} />
    </FormField>
  );
}

/** Today as 'YYYY-MM-DD' in the user's time zone: the earliest date a date picker offers. */
export function todayIso(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A labelled textarea bound to react-hook-form: `TextField`'s twin for longer text. */
export function TextareaField<T extends FieldValues>({
  prefix,
  name,
  label,
  register,
  errors,
  hint,
  marked = false,
  id: givenId,
  ...props
}: {
  prefix: string;
  name: Path<T>;
  label: string;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  hint?: string;
  marked?: boolean;
} & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = givenId ?? `${prefix}-${name.replace(/\./g, '-')}`;
  const message = (get(errors, name) as { message?: string } | undefined)?.message;
  return (
    <FormField id={id} label={label} error={message} required={marked} {...(hint ? { hint } : {})}>
      <Textarea id={id} {...props} {...fieldAria(id, message, Boolean(hint))} {...register(name)} />
    </FormField>
  );
}

/** A labelled native select bound to react-hook-form, its options from the contract. */
export function SelectField<T extends FieldValues>({
  prefix,
  name,
  label,
  register,
  errors,
  hint,
  marked = false,
  options,
  placeholder,
  id: givenId,
  setValueAs,
  ...props
}: {
  prefix: string;
  name: Path<T>;
  label: string;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  hint?: string;
  marked?: boolean;
  options: readonly Option[];
  /** Shown first and not selectable again once a choice is made (`NativeSelect`'s). */
  placeholder?: string;
  /** How the chosen value is kept (e.g. '' as null for "none"). */
  setValueAs?: (value: string) => unknown;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'>) {
  const id = givenId ?? `${prefix}-${name.replace(/\./g, '-')}`;
  const message = (get(errors, name) as { message?: string } | undefined)?.message;
  return (
    <FormField id={id} label={label} error={message} required={marked} {...(hint ? { hint } : {})}>
      <NativeSelect
        id={id}
        options={options}
        {...(placeholder === undefined ? {} : { placeholder })}
        {...props}
        {...fieldAria(id, message, Boolean(hint))}
        {...register(name, setValueAs ? { setValueAs } : {})}
      />
    </FormField>
  );
}
