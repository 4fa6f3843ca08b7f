import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from '../contract/zod.ts';
import { placeFieldErrors } from './server-field-errors.ts';

/** A react-hook-form form checked by the contract's schema, with the server's refusals placed. */
export type ContractForm<Values extends FieldValues, Parsed = Values> = UseFormReturn<Values, unknown, Parsed> & {
  /**
   * Puts a 400's field problems under the form's own fields (`placeFieldErrors`) and says whether
   * any was placed: the screen's alert or toast keeps only what no field owns.
   */
  placeErrors: (error: unknown) => boolean;
};

type Options<Values extends FieldValues, Parsed = Values> = Omit<UseFormProps<Values>, 'resolver' | 'defaultValues'> & {
  /**
   * The fields a refusal's problem may be placed under (default: the default values' own keys,
   * and a place inside one of them such as `times.1.date`).
   */
  fields?: readonly Path<Values>[];
  /**
   * For a form that knows more than the schema (a field it fills before the check, a rule of the
   * user's own day): wraps the schema's check, which stays the one source of the rules.
   */
  wrap?: (check: Resolver<Values, unknown, Parsed>) => Resolver<Values, unknown, Parsed>;
};

/**
 * The islands' one way to start a form (docs/decisions/0457): react-hook-form, the schema the
 * function validates with, and the refusal's problems under their fields. By default the form
 * keeps the values as typed and the server parses them with the same schema (`raw`); with
 * `{ parsed: true }` the submit handler gets the schema's output (the form sends parsed values).
 * Every converted form wrote `useForm` + a resolver + `placeFieldErrors(error, setError, [...])`
 * again; a form now names only its schema and its empty values.
 */
export function useContractForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
  options: Options<z.input<S>, z.output<S>> & { parsed: true },
): ContractForm<z.input<S>, z.output<S>>;
export function useContractForm<Values extends FieldValues>(
  schema: z.ZodType,
  defaultValues: DefaultValues<Values>,
  options?: Options<Values> & { parsed?: false },
): ContractForm<Values>;
export function useContractForm(
  schema: z.ZodType,
  defaultValues: DefaultValues<FieldValues>,
  { parsed = false, fields, wrap, ...options }: Options<FieldValues> & { parsed?: boolean } = {},
): ContractForm<FieldValues> {
  // The resolver types cannot say "input-typed values checked by a schema with another output":
  // the one cast of the form stack lives here.
  const check = (parsed
    ? zodResolver(schema as never)
    : zodResolver(schema as never, undefined, { raw: true })) as unknown as Resolver<FieldValues>;
  const form = useForm<FieldValues>({ ...options, resolver: wrap ? wrap(check) : check, defaultValues });
  const { setError } = form;
  const owned = fields ?? (Object.keys(defaultValues) as Path<FieldValues>[]);
  const ownedKey = owned.join('\n');
  const placeErrors = useCallback(
    (error: unknown) => placeFieldErrors(error, setError, ownedKey.split('\n')),
    // The list is compared by its names: a literal list written in the render stays one callback.
    [setError, ownedKey],
  );
  return { ...form, placeErrors };
}
