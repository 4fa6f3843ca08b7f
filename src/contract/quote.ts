import { z } from './zod.ts';
import { emailSchema, enumOf, optionalText, phoneSchema, requiredText } from './fields.ts';
import { labelOf } from './options.ts';
import {
  AIRCRAFT_TYPES,
  HONEYPOT_FIELD,
  PREFERRED_TIMEFRAMES,
  QUOTE_LIMITS,
  QUOTE_SERVICE_TYPES,
} from './quote-fields.ts';
import { DISCOUNT_CODE_PATTERN, normalizeDiscountCode } from './popup.ts';
import { INVOICE_PARTS_OPTIONS, invoiceOutOfBounds } from './savings.ts';

/** A number typed into a text or number input: '' means not given; anything else must be numeric. */
const numericText = (label: string, max: number) =>
  z
    .union([z.string(), z.number(), z.null()], { error: `${label} must be a number` })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === null || String(v).trim() === '') return null;
      const n = typeof v === 'number' ? v : Number(String(v).trim().replace(/[$,]/g, ''));
      if (!Number.isFinite(n) || n < 0 || n > max) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} must be a number between 0 and ${max.toLocaleString('en-US')}`,
        });
        return z.NEVER;
      }
      return n;
    });

/** The public quote form, as the browser sends it and the function validates it. */
export const QuoteRequestSchema = z
  .object({
    firstName: requiredText('First name', QUOTE_LIMITS.name),
    lastName: requiredText('Last name', QUOTE_LIMITS.name),
    returnEmail: emailSchema('Email address'),
    returnPhone: phoneSchema('Phone number'),
    aircraftMake: requiredText('Aircraft make', QUOTE_LIMITS.shortText),
    aircraftModel: requiredText('Aircraft model', QUOTE_LIMITS.shortText),
    registrationNumber: optionalText('Registration number', 20),
    totalHours: numericText('Total hours', QUOTE_LIMITS.maxTotalHours),
    aircraftType: enumOf(AIRCRAFT_TYPES, 'Aircraft type'),
    serviceType: enumOf(QUOTE_SERVICE_TYPES, 'Service type'),
    preferredTimeframe: enumOf(PREFERRED_TIMEFRAMES, 'Preferred timeframe'),
    location: optionalText('Location', QUOTE_LIMITS.shortText),
    lastInvoiceAmount: numericText('Last invoice amount', QUOTE_LIMITS.maxInvoiceAmount),
    // What the invoice covered, so the estimate compares labor with labor.
    // `prefault`: a form without the field is a valid input (its type says so), then read as 'unsure'.
    invoiceIncludesParts: z
      .preprocess(
        (v) => (v === undefined || v === null || v === '' ? 'unsure' : v),
        enumOf(INVOICE_PARTS_OPTIONS, 'Invoice included parts'),
      )
      .prefault('unsure'),
    currentProvider: optionalText('Current provider', QUOTE_LIMITS.shortText),
    message: requiredText('Message', QUOTE_LIMITS.message),
    additionalNotes: optionalText('Additional notes', QUOTE_LIMITS.notes),
    scheduleConsultation: z.boolean({ error: 'scheduleConsultation must be true or false' }).default(false),
    emailUpdates: z.boolean({ error: 'emailUpdates must be true or false' }).default(true),
    // The popup's code (docs/decisions/0192-discount-code-on-quotes.md): its form here, its
    // validity (given out, not expired) on the server.
    discountCode: optionalText('Discount code', QUOTE_LIMITS.discountCode)
      .transform((v) => (v === null ? null : normalizeDiscountCode(v)))
      .refine((v) => v === null || DISCOUNT_CODE_PATTERN.test(v), 'Discount code must look like SKY25-1A2B3C'),
    [HONEYPOT_FIELD]: z.string().max(500).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.lastInvoiceAmount === null) return;
    const problem = invoiceOutOfBounds(q.serviceType, labelOf(QUOTE_SERVICE_TYPES, q.serviceType), q.lastInvoiceAmount);
    if (problem) ctx.addIssue({ code: 'custom', path: ['lastInvoiceAmount'], message: problem });
  });

export type QuoteRequest = z.output<typeof QuoteRequestSchema>;
