import { step, type Machine } from '../../contract/machines.ts';
import { conflict } from './errors.ts';

/**
 * The one way a status changes on the server: the status `action` leads to from `from`, by the
 * machine's table (src/contract/machines.ts), or a 409 with the table's refusal sentence. Callers
 * read `from` inside a row lock and write the answer in the same transaction.
 */
export function transition<S extends string, A extends string>(
  machine: Machine<S, A>,
  from: S,
  action: A,
  naming?: (sentence: string) => string,
): S {
  const outcome = step(machine, from, action);
  // `naming` words the refusal with what only the row knows (a date, a note) in place of the table's sentence.
  if ('refuse' in outcome) throw conflict(naming ? naming(outcome.refuse) : outcome.refuse);
  return outcome.to;
}
