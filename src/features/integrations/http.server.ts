/**
 * Outbound calls to providers: base URLs from the environment (so tests and local runs can point
 * them at fake servers), a timeout on every call, and failures turned into ProviderError with a
 * kind the callers map to a message. Read at call time: tests change the environment per case.
 */
export const PROVIDER_BASES = {
  twilio: { env: 'TWILIO_API_BASE', default: 'https://api.twilio.com' },
  mailchimp: { env: 'MAILCHIMP_API_BASE', default: 'https://mandrillapp.com/api/1.0' },
  stripe: { env: 'STRIPE_API_BASE', default: 'https://api.stripe.com' },
  googleOauth: { env: 'GOOGLE_OAUTH_BASE', default: 'https://oauth2.googleapis.com' },
  googleCalendar: { env: 'GOOGLE_CALENDAR_API_BASE', default: 'https://www.googleapis.com/calendar/v3' },
  apollo: { env: 'APOLLO_API_BASE', default: 'https://api.apollo.io' },
  // Google's tag (gtag.js), loaded by visitors' browsers after consent (docs/decisions/0275).
  googleTag: { env: 'GA_SCRIPT_BASE', default: 'https://www.googletagmanager.com' },
} as const;
export type ProviderName = keyof typeof PROVIDER_BASES;

export function providerBase(name: ProviderName): string {
  const { env, default: fallback } = PROVIDER_BASES[name];
  return (process.env[env]?.trim() || fallback).replace(/\/+$/, '');
}

export const DEFAULT_PROVIDER_TIMEOUT_MS = 10_000;

/** 10 s unless PROVIDER_TIMEOUT_MS says otherwise (tests shorten it). */
export function providerTimeoutMs(): number {
  const n = Number(process.env['PROVIDER_TIMEOUT_MS']);
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_PROVIDER_TIMEOUT_MS;
}

export type ProviderErrorKind =
  'timeout' | 'network' | 'unauthorized' | 'rate_limited' | 'server' | 'rejected' | 'bad_response';

export class ProviderError extends Error {
  readonly kind: ProviderErrorKind;
  readonly status: number | undefined;
  readonly providerMessage: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    kind: ProviderErrorKind,
    message: string,
    extra: { status?: number; providerMessage?: string; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'ProviderError';
    this.kind = kind;
    this.status = extra.status;
    this.providerMessage = extra.providerMessage;
    this.retryAfterSeconds = extra.retryAfterSeconds;
  }
}

/** A provider's own error text, from the usual JSON shapes; short and single-line. */
export function providerErrorText(body: unknown): string | undefined {
  if (!body || typeof body !== 'object')
    return typeof body === 'string' && body.trim() ? body.trim().slice(0, 200) : undefined;
  const b = body as Record<string, unknown>;
  const candidates = [
    (b['error'] as Record<string, unknown> | undefined)?.['message'],
    b['error_description'],
    b['message'],
    typeof b['error'] === 'string' ? b['error'] : undefined,
  ];
  const found = candidates.find((c): c is string => typeof c === 'string' && c.trim() !== '');
  return found?.replace(/\s+/g, ' ').trim().slice(0, 200);
}

export interface ProviderResponse {
  status: number;
  body: unknown;
}

/**
 * Calls a provider and returns its JSON on 2xx. Everything else throws ProviderError: a timeout,
 * a network failure, 401/403 (key refused), 429 (rate limit), 5xx, another 4xx. `classify` lets a
 * provider that reports errors in its own way (Mandrill answers 500 for a bad key) say what it meant.
 */
export async function providerFetch(
  provider: string,
  url: string,
  init: RequestInit,
  classify?: (res: ProviderResponse) => ProviderErrorKind | null,
): Promise<ProviderResponse> {
  const timeoutMs = providerTimeoutMs();
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    text = await res.text();
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new ProviderError(
        'timeout',
        `${provider} did not answer within ${Math.round(timeoutMs / 100) / 10} seconds`,
      );
    }
    throw new ProviderError('network', `${provider} could not be reached`);
  }
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* keep the text */
  }
  const answer = { status: res.status, body };
  const kind = classify?.(answer) ?? (res.ok ? null : kindOf(res.status));
  if (!kind) return answer;
  const providerMessage = providerErrorText(body);
  const retry = Number(res.headers.get('retry-after'));
  throw new ProviderError(kind, describe(provider, kind, res.status), {
    status: res.status,
    ...(providerMessage ? { providerMessage } : {}),
    ...(Number.isFinite(retry) && retry > 0 ? { retryAfterSeconds: retry } : {}),
  });
}

function kindOf(status: number): ProviderErrorKind {
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server';
  return 'rejected';
}

function describe(provider: string, kind: ProviderErrorKind, status: number): string {
  switch (kind) {
    case 'unauthorized':
      return `${provider} rejected the API key (HTTP ${status})`;
    case 'rate_limited':
      return `${provider} rate limit reached (HTTP 429): try again later`;
    case 'server':
      return `${provider} had a server error (HTTP ${status})`;
    case 'bad_response':
      return `${provider} sent an unexpected answer (HTTP ${status})`;
    default:
      return `${provider} refused the request (HTTP ${status})`;
  }
}
