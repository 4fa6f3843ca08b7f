import type { FieldErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form';
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

/**
 * The form's problems as the server's list (`[{ path, message }]`, paths like 'lines.0.laborHours';
 * a list's own problem under its name): for a part of the form that reads them keyed by path,
 * such as the lines editor.
 */
export function fieldErrorList(errors: FieldErrors): Array<{ path: string; message: string }> {
  const out: Array<{ path: string; message: string }> = [];
  const walk = (node: unknown, path: string) => {
    if (!node || typeof node !== 'object') return;
    const { message } = node as { message?: unknown };
    if (typeof message === 'string' && path) out.push({ path, message });
    for (const [key, child] of Object.entries(node)) {
      if (key === 'ref' || key === 'message' || key === 'type' || key === 'types') continue;
      walk(child, key === 'root' ? path : path ? `${path}.${key}` : key);
    }
  };
  walk(errors, '');
  return out;
}
