import { z } from './zod.ts';
import { type Option, valuesOf } from './options.ts';
import type { Role } from './roles.ts';

/**
 * The zod field helpers every form schema is built from (quote, sign-up, marketplace, admin
 * configuration), and the shapes several modules share (the user, the marketing lead). One copy,
 * so a message or a rule reads the same on every form.
 */

/**
 * A required text field: trimmed; '' or absent is "`{label}` is required"; longer than `max`
 * characters (after trimming) is "`{label}` must be at most `{max}` characters".
 */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/**
 * An optional text field, one behaviour everywhere: absent, `null`, '' and blanks all parse to
 * `null`; other text is trimmed and must be at most `max` characters; anything that is not text
 * (a number, an object) is "`{label}` must be text".
 */
export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** One value of an enumeration: '' or absent is "is required", anything else lists the values. */
export const enumOf = <V extends string>(options: readonly Option<V>[], label: string) =>
  z.enum(valuesOf(options), {
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? `${label} is required`
        : `${label} must be one of: ${options.map((o) => o.value).join(', ')}`,
  });

/** Characters a phone number may hold (an extension is allowed), and its count of digits. */
const PHONE_CHARS = /^[+()\d.\-\s]+(?:\s*(?:x|ext\.?)\s*\d{1,6})?$/i;
const PLAIN_PHONE_CHARS = /^[+()\d.\-\s]+$/;
const phoneDigitsOk = (v: string) => {
  const digits = v.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
};
export const isPhoneNumber = (v: string, allowExtension = true) =>
  (allowExtension ? PHONE_CHARS : PLAIN_PHONE_CHARS).test(v) && phoneDigitsOk(v);

/** A required phone number (7 to 15 digits, an extension allowed). */
export const phoneSchema = (label: string) =>
  requiredText(label, 30).refine(isPhoneNumber, `${label} must be a valid phone number`);

/** An optional phone number without an extension; blank is `null`. */
export const optionalPhone = (label: string, max = 30) =>
  optionalText(label, max).refine(
    (v) => v === null || isPhoneNumber(v, false),
    `${label} must be a valid phone number`,
  );

/** A required email address, at most 254 characters. */
export const emailSchema = (label: string, max = 254) =>
  requiredText(label, max).pipe(z.email(`${label} must be a valid email address`));

// ---------------------------------------------------------------------------------------------
// Shared shapes

/**
 * The user as the API returns it: public fields only, never the password hash. The database row
 * (`UsersTable`), the server's record (`UserRecord`) and the browser's stored user derive from it.
 */
export interface PublicUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  phone: string | null;
  location: string | null;
  certificationNumber: string | null;
  yearsExperience: number | null;
  serviceRadius: number | null;
  hourlyRate: number | null;
  createdAt: string;
}

/**
 * A marketing lead's own fields (docs/product.md §3): the saved lead, the draft made from a provider's
 * answer and the table row each add their bookkeeping to these.
 */
export interface LeadFields<R extends string = string> {
  firstName: string;
  lastName: string;
  fullName: string;
  title: string | null;
  companyName: string | null;
  email: string | null;
  phone: string | null;
  city: string | null;
  /** Two-letter US state code when known. */
  state: string | null;
  linkedinUrl: string | null;
  leadType: R;
  leadScore: number;
}

/**
 * A body's other names for its fields, read as the field's own name (the first one sent wins):
 * `renamed({ tachReading: 'totalTimeHours' })` as the first argument of `z.preprocess`.
 */
export function renamed(aliases: Record<string, string>) {
  return (v: unknown): unknown => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
    const out: Record<string, unknown> = {};
    for (const [k, value] of Object.entries(v)) out[aliases[k] ?? k] ??= value;
    return out;
  };
}

/** Years a date of this product can be in: aircraft records start after 1900; nothing is due after 2199. */
export const DATE_YEARS = { min: 1900, max: 2199 } as const;

/** A real calendar date as 'YYYY-MM-DD' (no Feb 30) within DATE_YEARS: what PostgreSQL's date and our arithmetic take. */
export function isRealDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const year = Number(s.slice(0, 4));
  if (year < DATE_YEARS.min || year > DATE_YEARS.max) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
