import { z } from './zod.ts';
import { isRealDate } from './fields.ts';

// The marketplace forms' number, date, flag and id fields: how a form's text parses (src/contract/marketplace.ts).

export const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
// A number or a form's text only: `[1]` must not read as 1 through String().
export const toNumber = (v: unknown) =>
  typeof v === 'number' ? v : typeof v === 'string' ? Number(v.trim().replace(/[$,]/g, '')) : Number.NaN;
export const hasAtMostCents = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

export interface NumberRules {
  min?: number;
  /** Strictly above `min` (e.g. hours must be more than 0). */
  exclusiveMin?: boolean;
  max: number;
  integer?: boolean;
  /** Must be a multiple of this step (0.5 hours). */
  step?: number;
  money?: boolean;
  /** A calendar year reads without a thousands separator ("2027", not "2,027"). */
  year?: boolean;
}

export function checkNumber(label: string, n: number, rules: NumberRules): string | null {
  const min = rules.min ?? 0;
  if (!Number.isFinite(n)) return `${label} must be a number`;
  if (rules.exclusiveMin ? n <= min : n < min)
    return `${label} must be ${rules.exclusiveMin ? 'more than' : 'at least'} ${min}`;
  if (n > rules.max)
    return `${label} must be at most ${rules.year ? String(rules.max) : rules.max.toLocaleString('en-US')}`;
  if (rules.integer && !Number.isInteger(n)) return `${label} must be a whole number`;
  if (rules.money && !hasAtMostCents(n)) return `${label} must have at most 2 decimal places`;
  if (rules.step && Math.abs(Math.round(n / rules.step) * rules.step - n) > 1e-9)
    return `${label} must be in steps of ${rules.step}`;
  return null;
}

/** An optional number typed into a form: '' or null means not given (null). */
export const optionalNumber = (label: string, rules: NumberRules) =>
  z
    .union([z.string(), z.number(), z.null()], { error: `${label} must be a number` })
    .optional()
    .transform((v, ctx) => {
      if (isBlank(v)) return null;
      const n = toNumber(v);
      const problem = checkNumber(label, n, rules);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return n;
    });

/** A required number; `fallback` makes it optional with that default. */
export const requiredNumber = (label: string, rules: NumberRules, fallback?: number) =>
  z
    .union([z.string(), z.number(), z.null()], { error: `${label} must be a number` })
    .optional()
    .transform((v, ctx) => {
      if (isBlank(v)) {
        if (fallback !== undefined) return fallback;
        ctx.addIssue({ code: 'custom', message: `${label} is required` });
        return z.NEVER;
      }
      const n = toNumber(v);
      const problem = checkNumber(label, n, rules);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return n;
    });

/** A calendar date as 'YYYY-MM-DD' (what a date input gives); an ISO timestamp is cut to its date. */
export const dateText = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .transform((v) => (/^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v))
    .refine((v) => v !== '', `${label} is required`)
    .refine((v) => v === '' || isRealDate(v), `${label} must be a date as YYYY-MM-DD`);

export const optionalDate = (label: string) =>
  z
    .union([z.string(), z.null()], { error: `${label} must be a date as YYYY-MM-DD` })
    .optional()
    .transform((v, ctx) => {
      if (isBlank(v)) return null;
      const s = String(v).trim();
      const d = /^\d{4}-\d{2}-\d{2}T/.test(s) ? s.slice(0, 10) : s;
      if (!isRealDate(d)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a date as YYYY-MM-DD` });
        return z.NEVER;
      }
      return d;
    });

export const flag = (label: string, fallback: boolean) =>
  z
    .union([z.boolean(), z.literal('true'), z.literal('false'), z.literal('on')], {
      error: `${label} must be true or false`,
    })
    .optional()
    .transform((v) => (v === undefined ? fallback : v === true || v === 'true' || v === 'on'));

export const uuid = (label: string) => z.uuid({ error: `${label} must be a valid id` });

export const thisYear = new Date().getUTCFullYear();
