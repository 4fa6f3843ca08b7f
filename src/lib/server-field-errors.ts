import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/**
 * Puts a 400's field problems (`errors: [{ path, message }]`, the contract's schema run by the
 * function) under the form's own fields, the way the form's own check shows them; returns whether
 * any was placed, so the screen shows its alert only for what no field owns. A path the form does
 * not have (a field it never sends) stays the alert's. docs/decisions/0457-one-form-stack.md
 */
export function placeFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError) || !error.errors) return false;
  let placed = false;
  const seen = new Set<string>();
  for (const { path, message } of error.errors) {
    // A field the form has ('reason'), or a place inside one ('times.0.date' of the list 'times').
    const owner = fields.find((f) => path === f || path.startsWith(`${f}.`));
    if (!owner || seen.has(path)) continue;
    seen.add(path);
    setError(path as Path<T>, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}
