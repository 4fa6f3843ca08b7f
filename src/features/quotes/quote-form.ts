// The public quote form's logic, free of React and of I/O: what it sends, and what each answer
// means for the visitor (spec section 8, "Public quote submission").
import { HONEYPOT_FIELD, QUOTE_FORM_DEFAULTS } from '../../contract/quote-fields.ts';

export const QUOTE_TOASTS = {
  failed: 'Failed to submit your request. Please try again.',
  network: 'Failed to submit your request. Please check your connection and try again.',
  unavailable: 'We could not take your request just now.',
  error: (detail: string) => `Error: ${detail}`,
  savings: (percent: number) => `Estimated savings: ${percent}% compared to your current provider!`,
} as const;

export type QuoteField = keyof typeof QUOTE_FORM_DEFAULTS;
export type QuotePayload = Record<string, string | boolean>;

const BOOLEAN_FIELDS = new Set<QuoteField>(['scheduleConsultation', 'emailUpdates']);

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
  | { kind: 'success'; message: string; estimatedSavings: number | undefined }
  | { kind: 'failed' }
  | { kind: 'rejected'; detail: string; fieldErrors: Partial<Record<string, string>> }
  | { kind: 'unavailable' }
  | { kind: 'network' };

const FALLBACK_SUCCESS = 'Thank you! Your quote request has been received.';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The first message per field from the server's `errors: [{ path, message }]`. */
export function fieldErrorsOf(body: unknown): Partial<Record<string, string>> {
  const out: Partial<Record<string, string>> = {};
  const errors = isRecord(body) && Array.isArray(body['errors']) ? body['errors'] : [];
  for (const e of errors) {
    if (!isRecord(e) || typeof e['path'] !== 'string' || typeof e['message'] !== 'string') continue;
    const field = e['path'].split('.')[0] ?? '';
    if (field && out[field] === undefined) out[field] = e['message'];
  }
  return out;
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
    const savings = body['estimatedSavings'];
    return {
      kind: 'success',
      message,
      estimatedSavings: typeof savings === 'number' && Number.isFinite(savings) ? savings : undefined,
    };
  }
  // 503: the service is briefly down (database unreachable); the same request may succeed shortly.
  if (status === 503) return { kind: 'unavailable' };
  if (isRecord(body) && typeof body['detail'] === 'string' && body['detail']) {
    return { kind: 'rejected', detail: body['detail'], fieldErrors: fieldErrorsOf(body) };
  }
  return { kind: 'network' };
}
