import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { get, type FieldErrors, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form';
import { MARKETPLACE } from '../../contract/marketplace.ts';
import type { Option } from '../../contract/options.ts';
import { Input, NativeSelect, Textarea } from './field.tsx';
import { fieldAria, FormField } from './form-field.tsx';

/** What every bound field takes: where it is in the form, its words, and the form's state. */
type Bound<T extends FieldValues> = {
  /** Keeps ids unique when two forms are on screen. */
  prefix: string;
  name: Path<T>;
  label: string;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  hint?: string | undefined;
  /** Shows the required mark beside the label (for a label without its own '*'). */
  marked?: boolean | undefined;
  /** The control's id where the form's ids are already known. */
  id?: string | undefined;
};

/** The control's own attributes: its id and the hint and error lines tied to it. */
type ControlAttrs = { id: string } & ReturnType<typeof fieldAria>;

/**
 * The labelled field under every bound wrapper: the id (a nested field such as
 * 'inspectionSigner.fullName' gets one without dots), its error read by path, and `FormField`'s
 * label, hint and error line tied to the control for screen readers.
 */
function LabelledField<T extends FieldValues, Rest>(
  { prefix, name, label, register, errors, hint, marked = false, id: givenId, ...rest }: Bound<T> & Rest,
  control: (attrs: ControlAttrs, rest: Omit<Rest, keyof Bound<T>>, register: UseFormRegister<T>) => ReactNode,
) {
  const id = givenId ?? `${prefix}-${name.replace(/\./g, '-')}`;
  const message = (get(errors, name) as { message?: string } | undefined)?.message;
  return (
    <FormField id={id} label={label} error={message} required={marked} {...(hint ? { hint } : {})}>
      {control({ id, ...fieldAria(id, message, Boolean(hint)) }, rest as Omit<Rest, keyof Bound<T>>, register)}
    </FormField>
  );
}

/** A labelled text input bound to react-hook-form. */
export function TextField<T extends FieldValues>(props: Bound<T> & InputHTMLAttributes<HTMLInputElement>) {
  return LabelledField(props, (attrs, rest, register) => <Input {...rest} {...attrs} {...register(props.name)} />);
}

type NumberAttrs = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'step'>;

/**
 * A labelled number input. Its step says what the phone's keypad offers: whole steps the number
 * pad, a fraction (0.1 h, a cent) the pad with a decimal point.
 */
export function NumberField<T extends FieldValues>({ step, ...props }: Bound<T> & NumberAttrs & { step: number }) {
  return <TextField {...props} type="number" inputMode={Number.isInteger(step) ? 'numeric' : 'decimal'} step={step} />;
}

/** A labelled amount in dollars and cents, never below zero: every money input of the forms. */
export function MoneyField<T extends FieldValues>(props: Bound<T> & Omit<NumberAttrs, 'min'>) {
  return <NumberField {...props} min={0} step={MARKETPLACE.moneyStep} />;
}

/** Today as 'YYYY-MM-DD' in the user's time zone: the earliest date a date picker offers. */
export function todayIso(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A labelled textarea bound to react-hook-form: `TextField`'s twin for longer text. */
export function TextareaField<T extends FieldValues>(props: Bound<T> & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return LabelledField(props, (attrs, rest, register) => <Textarea {...rest} {...attrs} {...register(props.name)} />);
}

/** A labelled native select bound to react-hook-form, its options from the contract. */
export function SelectField<T extends FieldValues>(
  props: Bound<T> & {
    options: readonly Option[];
    /** Shown first and not selectable again once a choice is made (`NativeSelect`'s). */
    placeholder?: string;
    /** How the chosen value is kept (e.g. '' as null for "none"). */
    setValueAs?: (value: string) => unknown;
  } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'>,
) {
  return LabelledField(props, (attrs, { setValueAs, placeholder, ...rest }, register) => (
    <NativeSelect
      {...(placeholder === undefined ? {} : { placeholder })}
      {...rest}
      {...attrs}
      {...register(props.name, setValueAs ? { setValueAs } : {})}
    />
  ));
}
