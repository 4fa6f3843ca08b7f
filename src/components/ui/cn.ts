import { twMerge } from 'tailwind-merge';

/**
 * Joins class names, skipping falsy ones, and merges Tailwind classes: a later class wins over an
 * earlier one of the same property (`cn('h-4 w-4', 'h-5 w-5')` is `h-5 w-5`), so a component's
 * `className` overrides its defaults by meaning, not by the order of rules in the CSS.
 */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return twMerge(classes.filter(Boolean).join(' '));
}
