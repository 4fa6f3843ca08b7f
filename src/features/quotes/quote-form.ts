// The public quote form's logic, free of React and of I/O: what it sends, and what each answer
// means for the visitor (docs/product.md §8, "Public quote submission").
import {
  AIRCRAFT_TYPES,
  HONEYPOT_FIELD,
  PREFERRED_TIMEFRAMES,
  QUOTE_FORM_DEFAULTS,
  QUOTE_LIMITS,
  QUOTE_SERVICE_TYPES,
  type AircraftType,
  type QuoteServiceType,
} from '../../contract/quote-fields.ts';
import { DISCOUNT_CODE_PATTERN, normalizeDiscountCode } from '../../contract/popup.ts';
import { fieldErrorsOf } from '../../lib/field-errors.ts';
import {
  INVOICE_PARTS_OPTIONS,
  OUR_TYPICAL_PRICE,
  estimateSavings,
  invoiceOutOfBounds,
  invoiceBeyondClass,
  beyondClassText,
  savingsFigure,
  type InvoiceParts,
  type SavingsEstimate,
} from '../../contract/savings.ts';

/** Spec section 9: the estimated-savings toast follows the success toast after 2 s. */
export const QUOTE_SAVINGS_TOAST_DELAY_MS = 2000;

export const QUOTE_TOASTS = {
  failed: 'Failed to submit your request. Please try again.',
  network: 'Failed to submit your request. Please check your connection and try again.',
  unavailable: 'We could not take your request just now.',
  error: (detail: string) => `Error: ${detail}`,
  savings: (percent: number, dollars?: number) =>
    `Estimated savings: ${dollars === undefined ? `${percent}%` : savingsFigure(dollars, percent)} compared to your current provider!`,
} as const;

export type QuoteField = keyof typeof QUOTE_FORM_DEFAULTS;
export type QuotePayload = Record<string, string | boolean>;

const BOOLEAN_FIELDS = new Set<QuoteField>(['scheduleConsultation', 'emailUpdates']);

/**
 * The text fields' limits (the server's, src/contract/quote.ts) with their labels: the form sets
 * `maxLength` from them, shows a counter near the limit, and names the field when one is over.
 */
export const TEXT_LIMITS: Partial<Record<QuoteField, { label: string; max: number }>> = {
  firstName: { label: 'First name', max: QUOTE_LIMITS.name },
  lastName: { label: 'Last name', max: QUOTE_LIMITS.name },
  returnEmail: { label: 'Email address', max: QUOTE_LIMITS.email },
  returnPhone: { label: 'Phone number', max: 30 },
  aircraftMake: { label: 'Aircraft make', max: QUOTE_LIMITS.shortText },
  aircraftModel: { label: 'Aircraft model', max: QUOTE_LIMITS.shortText },
  registrationNumber: { label: 'Registration number', max: 20 },
  location: { label: 'Location', max: QUOTE_LIMITS.shortText },
  currentProvider: { label: 'Current provider', max: QUOTE_LIMITS.shortText },
  message: { label: 'Message', max: QUOTE_LIMITS.message },
  discountCode: { label: 'Discount code', max: QUOTE_LIMITS.discountCode },
};

/**
 * The JSON body for POST /api/quotes from the form's current values. Text fields are sent as typed
 * (numbers too: the server parses them), the two preferences as booleans, and the honeypot as is.
 */
export function quotePayload(form: FormData): QuotePayload {
  const payload: QuotePayload = {};
  for (const key of Object.keys(QUOTE_FORM_DEFAULTS) as QuoteField[]) {
    if (BOOLEAN_FIELDS.has(key)) {
      payload[key] = form.has(key);
    } else {
      const value = form.get(key);
      payload[key] = typeof value === 'string' ? value : '';
    }
  }
  const trap = form.get(HONEYPOT_FIELD);
  payload[HONEYPOT_FIELD] = typeof trap === 'string' ? trap : '';
  return payload;
}

export type QuoteOutcome =
  | {
      kind: 'success';
      message: string;
      estimatedSavings: number | undefined;
      estimatedSavingsDollars: number | undefined;
      /** False while email is not going out: the confirmation promises no email (docs/decisions/0466). */
      emailGoing: boolean;
    }
  | { kind: 'failed' }
  | { kind: 'rejected'; detail: string; fieldErrors: Partial<Record<string, string>> }
  | { kind: 'unavailable' }
  | { kind: 'network' };

const FALLBACK_SUCCESS = 'Thank you! Your quote request has been received.';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * What an HTTP answer means. 2xx with `success: true` is a success; 2xx otherwise is the spec's
 * "success false"; an error with a `detail` is shown as such; anything else (no JSON, no detail) is
 * treated like a connection problem, as the spec's catch-all.
 */
export function interpretQuoteResponse(status: number, body: unknown): QuoteOutcome {
  if (status >= 200 && status < 300) {
    if (!isRecord(body) || body['success'] !== true) return { kind: 'failed' };
    const message = typeof body['message'] === 'string' && body['message'] ? body['message'] : FALLBACK_SUCCESS;
    const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
    return {
      kind: 'success',
      message,
      estimatedSavings: num(body['estimatedSavings']),
      estimatedSavingsDollars: num(body['estimatedSavingsDollars']),
      emailGoing: body['emailGoing'] !== false,
    };
  }
  // 503: the service is briefly down (database unreachable); the same request may succeed shortly.
  if (status === 503) return { kind: 'unavailable' };
  if (isRecord(body) && typeof body['detail'] === 'string' && body['detail']) {
    return { kind: 'rejected', detail: body['detail'], fieldErrors: fieldErrorsOf(body) };
  }
  return { kind: 'network' };
}

// ---------- before sending: every field's problem at once, without the validation library ----------

const REQUIRED: [QuoteField, string][] = [
  ['firstName', 'First name'],
  ['lastName', 'Last name'],
  ['returnEmail', 'Email address'],
  ['returnPhone', 'Phone number'],
  ['aircraftMake', 'Aircraft make'],
  ['aircraftModel', 'Aircraft model'],
  ['aircraftType', 'Aircraft type'],
  ['serviceType', 'Service type'],
  ['preferredTimeframe', 'Preferred timeframe'],
  ['message', 'Message'],
];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_CHARS = /^[+()\d.\-\s]+(?:\s*(?:x|ext\.?)\s*\d{1,6})?$/i;

/** A number as the server reads it ('' is not given; `$` and `,` are allowed); NaN when it is not one. */
export function parseAmount(raw: string): number | null {
  const text = raw.trim().replace(/[$,]/g, '');
  if (!text) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : NaN;
}

/**
 * The problems the server would report, per field, with its wording (src/contract/quote.ts), so
 * the visitor sees every one beside its field on the first submit. The server still decides.
 */
export function checkQuoteFields(payload: QuotePayload): Partial<Record<QuoteField, string>> {
  const errors: Partial<Record<QuoteField, string>> = {};
  const text = (k: QuoteField) => String(payload[k] ?? '').trim();
  for (const [key, label] of REQUIRED) if (!text(key)) errors[key] = `${label} is required`;
  if (!errors.returnEmail && !EMAIL.test(text('returnEmail')))
    errors.returnEmail = 'Email address must be a valid email address';
  if (!errors.returnPhone) {
    const phone = text('returnPhone');
    const digits = phone.replace(/\D/g, '').length;
    if (!PHONE_CHARS.test(phone) || digits < 7 || digits > 15)
      errors.returnPhone = 'Phone number must be a valid phone number';
  }
  const numbers: [QuoteField, string, number][] = [
    ['totalHours', 'Total hours', QUOTE_LIMITS.maxTotalHours],
    ['lastInvoiceAmount', 'Last invoice amount', QUOTE_LIMITS.maxInvoiceAmount],
  ];
  for (const [key, label, max] of numbers) {
    const n = parseAmount(text(key));
    if (n !== null && (Number.isNaN(n) || n < 0 || n > max))
      errors[key] = `${label} must be a number between 0 and ${max.toLocaleString('en-US')}`;
  }
  const invoice = parseAmount(text('lastInvoiceAmount'));
  const service = text('serviceType');
  if (!errors.lastInvoiceAmount && invoice !== null && isService(service)) {
    const problem = invoiceOutOfBounds(service, optionLabel('service', service), invoice);
    if (problem) errors.lastInvoiceAmount = problem;
  }
  for (const [key, limit] of Object.entries(TEXT_LIMITS) as [QuoteField, { label: string; max: number }][]) {
    if (!errors[key] && text(key).length > limit.max)
      errors[key] = `${limit.label} must be at most ${limit.max} characters`;
  }
  const code = text('discountCode');
  if (code && !errors.discountCode && !DISCOUNT_CODE_PATTERN.test(normalizeDiscountCode(code)))
    errors.discountCode = 'Discount code must look like SKY25-1A2B3C';
  return errors;
}

// ---------- the live estimate ----------

export type LiveEstimate =
  | { kind: 'none' }
  | { kind: 'needs-choice' }
  | { kind: 'out-of-bounds'; message: string }
  | { kind: 'beyond-class'; message: string }
  | { kind: 'estimate'; estimate: SavingsEstimate; invoice: number }
  | { kind: 'no-saving'; ourPrice: number; invoice: number };

export const isService = (v: string): v is QuoteServiceType => QUOTE_SERVICE_TYPES.some((o) => o.value === v);
const isAircraft = (v: string): v is AircraftType => AIRCRAFT_TYPES.some((o) => o.value === v);

/** What the form shows under the invoice while the visitor types (the server's own model). */
export function liveEstimate(
  invoiceText: string,
  serviceType: string,
  aircraftType: string,
  parts = 'unsure',
): LiveEstimate {
  const invoice = parseAmount(invoiceText);
  if (invoice === null || Number.isNaN(invoice) || invoice <= 0) return { kind: 'none' };
  if (!isService(serviceType) || !isAircraft(aircraftType)) return { kind: 'needs-choice' };
  const problem = invoiceOutOfBounds(serviceType, optionLabel('service', serviceType), invoice);
  if (problem) return { kind: 'out-of-bounds', message: problem };
  if (invoiceBeyondClass(serviceType, aircraftType, invoice))
    return {
      kind: 'beyond-class',
      message: beyondClassText(
        serviceType,
        aircraftType,
        optionLabel('service', serviceType),
        optionLabel('aircraft', aircraftType),
      ),
    };
  const included: InvoiceParts = INVOICE_PARTS_OPTIONS.some((o) => o.value === parts)
    ? (parts as InvoiceParts)
    : 'unsure';
  const estimate = estimateSavings(serviceType, aircraftType, invoice, included);
  if (estimate) return { kind: 'estimate', estimate, invoice };
  return { kind: 'no-saving', ourPrice: OUR_TYPICAL_PRICE[serviceType][aircraftType], invoice };
}

export const usd = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`;

/** A label of one of the form's options ('annual' -> 'Annual Inspection'). */
export function optionLabel(kind: 'service' | 'aircraft' | 'timeframe', value: string): string {
  const list = kind === 'service' ? QUOTE_SERVICE_TYPES : kind === 'aircraft' ? AIRCRAFT_TYPES : PREFERRED_TIMEFRAMES;
  return (list as readonly { value: string; label: string }[]).find((o) => o.value === value)?.label ?? value;
}
