import { z } from './zod.ts';
import { type Option, valuesOf } from './options.ts';
import { AIRCRAFT_TYPES, HONEYPOT_FIELD, PREFERRED_TIMEFRAMES, QUOTE_LIMITS, SERVICE_TYPES } from './quote-fields.ts';

export * from './quote-fields.ts';

const PHONE_CHARS = /^[+()\d.\-\s]+(?:\s*(?:x|ext\.?)\s*\d{1,6})?$/i;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : null));

/** A number typed into a text or number input: '' means not given; anything else must be numeric. */
const numericText = (label: string, max: number) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === null || String(v).trim() === '') return null;
      const n = typeof v === 'number' ? v : Number(String(v).trim().replace(/[$,]/g, ''));
      if (!Number.isFinite(n) || n < 0 || n > max) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a number between 0 and ${max.toLocaleString('en-US')}` });
        return z.NEVER;
      }
      return n;
    });

const enumOf = <V extends string>(options: readonly Option<V>[], label: string) =>
  z.enum(valuesOf(options), {
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? `${label} is required`
        : `${label} must be one of: ${options.map((o) => o.value).join(', ')}`,
  });

export const phoneSchema = (label: string) =>
  requiredText(label, 30).refine((v) => {
    const digits = v.replace(/\D/g, '').length;
    return PHONE_CHARS.test(v) && digits >= 7 && digits <= 15;
  }, `${label} must be a valid phone number`);

export const emailSchema = (label: string) =>
  requiredText(label, QUOTE_LIMITS.email).pipe(z.email(`${label} must be a valid email address`));

/** The public quote form, as the browser sends it and the function validates it. */
export const QuoteRequestSchema = z.object({
  firstName: requiredText('First name', QUOTE_LIMITS.name),
  lastName: requiredText('Last name', QUOTE_LIMITS.name),
  returnEmail: emailSchema('Email address'),
  returnPhone: phoneSchema('Phone number'),
  aircraftMake: requiredText('Aircraft make', QUOTE_LIMITS.shortText),
  aircraftModel: requiredText('Aircraft model', QUOTE_LIMITS.shortText),
  registrationNumber: optionalText('Registration number', 20),
  totalHours: numericText('Total hours', QUOTE_LIMITS.maxTotalHours),
  aircraftType: enumOf(AIRCRAFT_TYPES, 'Aircraft type'),
  serviceType: enumOf(SERVICE_TYPES, 'Service type'),
  preferredTimeframe: enumOf(PREFERRED_TIMEFRAMES, 'Preferred timeframe'),
  location: optionalText('Location', QUOTE_LIMITS.shortText),
  lastInvoiceAmount: numericText('Last invoice amount', QUOTE_LIMITS.maxInvoiceAmount),
  currentProvider: optionalText('Current provider', QUOTE_LIMITS.shortText),
  message: requiredText('Message', QUOTE_LIMITS.message),
  additionalNotes: optionalText('Additional notes', QUOTE_LIMITS.notes),
  scheduleConsultation: z.boolean({ error: 'scheduleConsultation must be true or false' }).default(false),
  emailUpdates: z.boolean({ error: 'emailUpdates must be true or false' }).default(true),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
});

export type QuoteRequestInput = z.input<typeof QuoteRequestSchema>;
export type QuoteRequest = z.output<typeof QuoteRequestSchema>;
