import { z } from './zod.ts';
import type { Option } from './options.ts';
import { enumOf, isRealDate, optionalText } from './fields.ts';
import { MeasurementIdSchema } from './analytics.ts';
import { BUSINESS_TIME_ZONE, businessDay, endOfBusinessDay } from './business-hours.ts';
import {
  type ApiKeyStatus,
  booleanField,
  CONFIG_LIMITS,
  type IntegrationType,
  intField,
  text,
} from './admin-config.ts';

// ---------------------------------------------------------------------------------------------
// API keys

/** additional_config: JSON text (or an object) that must be a JSON object; default `{}`. */
const additionalConfigField = z
  .union([z.string(), z.record(z.string(), z.unknown())])
  .optional()
  .nullable()
  .transform((v, ctx) => {
    if (v === undefined || v === null) return {};
    if (typeof v !== 'string') return v;
    const s = v.trim();
    if (s === '') return {};
    if (s.length > CONFIG_LIMITS.additionalConfig) {
      ctx.addIssue({
        code: 'custom',
        message: `Additional config must be at most ${CONFIG_LIMITS.additionalConfig} characters`,
      });
      return z.NEVER;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(s);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Additional config must be valid JSON' });
      return z.NEVER;
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      ctx.addIssue({ code: 'custom', message: 'Additional config must be a JSON object, e.g. {"region": "us1"}' });
      return z.NEVER;
    }
    return parsed as Record<string, unknown>;
  });

// ---------------------------------------------------------------------------------------------
// SMTP: host, port, TLS mode and sender live in the key's additional_config; the username is the
// key and the password the secret, so both are encrypted like every key.

export const SMTP_TLS_MODES = [
  { value: 'starttls', label: 'STARTTLS (usually port 587)' },
  { value: 'tls', label: 'TLS from the start (usually port 465)' },
  { value: 'none', label: 'None (a trusted relay on the same network only)' },
] as const satisfies readonly Option[];
export type SmtpTlsMode = (typeof SMTP_TLS_MODES)[number]['value'];
export const SMTP_DEFAULT_PORT: Record<SmtpTlsMode, number> = { starttls: 587, tls: 465, none: 25 };

/**
 * The port field after a TLS mode is chosen: the new mode's usual port only when the field is
 * empty or still holds the previous mode's usual port; a port the administrator typed stays.
 */
export function smtpPortAfterModeChange(port: string, from: SmtpTlsMode, to: SmtpTlsMode): string {
  const typed = port.trim();
  return typed === '' || typed === String(SMTP_DEFAULT_PORT[from]) ? String(SMTP_DEFAULT_PORT[to]) : port;
}

/** The SMTP part of a key's additional_config; one schema for the dialog and the function. */
export const SmtpSettingsSchema = z.object({
  host: text('SMTP host', 253).pipe(
    z.string().regex(/^[A-Za-z0-9._:[\]-]+$/, 'SMTP host must be a host name or an IP address, e.g. smtp.example.com'),
  ),
  port: intField('SMTP port', 1, 65_535, null).refine((v) => v !== null, 'SMTP port is required'),
  tls_mode: enumOf(SMTP_TLS_MODES, 'TLS mode'),
  from_email: z
    .string({ error: 'From email is required' })
    .trim()
    .min(1, 'From email is required')
    .pipe(z.email('From email must be an email address')),
  from_name: optionalText('From name', 100),
});
export type SmtpSettings = z.output<typeof SmtpSettingsSchema> & { port: number };

/** POST /api/admin/config/api-keys: the form fields of docs/product.md §7 (the Add New API Key dialog). */
/** The Expires On field's hint: the day the administrator types lasts through its end at the business. */
export const API_KEY_EXPIRY_HINT = `Optional: rotation retires the key at the end of this day, ${BUSINESS_TIME_ZONE.label}`;
/** A key past its end, refused when switched on: its day as the field took it ("Dec 31, 2026, Pacific time"). */
export const apiKeyExpiredMessage = (expiresAt: Date) =>
  `This key expired on ${businessDay(expiresAt)}: add a new key instead`;

export const ApiKeyFormSchema = z.object({
  key_name: text('Key name', CONFIG_LIMITS.keyName),
  api_key: text('API key', CONFIG_LIMITS.secret),
  api_secret: optionalText('API secret', CONFIG_LIMITS.secret),
  is_primary: booleanField('is_primary', false),
  priority: intField(
    'Priority',
    CONFIG_LIMITS.priorityMin,
    CONFIG_LIMITS.priorityMax,
    CONFIG_LIMITS.priorityDefault,
  ).transform((v) => v ?? CONFIG_LIMITS.priorityDefault),
  daily_limit: intField('Daily limit', 1, CONFIG_LIMITS.maxUsageLimit, null),
  monthly_limit: intField('Monthly limit', 1, CONFIG_LIMITS.maxUsageLimit, null),
  additional_config: additionalConfigField,
  /**
   * Optional end of validity (not in the spec's form; lets rotation retire old keys on time): a day
   * means through its end, Pacific time (`API_KEY_EXPIRY_HINT`); a full ISO time is kept as sent.
   */
  expires_at: z
    .string()
    .optional()
    .nullable()
    .transform((v, ctx) => {
      const s = v?.trim();
      if (!s) return null;
      // A day (the form's date field) lasts through its end at the business, Pacific time.
      const dayOnly = /^\d{4}-\d{2}-\d{2}$/.test(s);
      const d = dayOnly ? (isRealDate(s) ? endOfBusinessDay(s) : new Date(Number.NaN)) : new Date(s);
      if (Number.isNaN(d.getTime())) {
        ctx.addIssue({ code: 'custom', message: 'Expiry date must be a date like 2026-12-31' });
        return z.NEVER;
      }
      if (d.getTime() <= Date.now()) {
        ctx.addIssue({ code: 'custom', message: 'Expiry date must be in the future' });
        return z.NEVER;
      }
      return d;
    }),
});
// ---------------------------------------------------------------------------------------------
// Stripe (docs/decisions/0344-stripe-keys-that-can-take-payments.md): a key that can take payments
// (secret sk_ or restricted rk_) with the webhook signing secret that checks its events. One check
// for the Add and Replace dialogs, the function and the Test button.

export const STRIPE_KEY_MESSAGES = {
  notSecretKey:
    'The Stripe key must be a secret key (sk_live_... or sk_test_...) or a restricted key (rk_live_... or rk_test_...): a publishable key (pk_...) cannot take payments',
  webhookSecretRequired:
    'The webhook signing secret (whsec_...) is required with a Stripe key: without it no payment event can be checked',
  webhookSecretFormat:
    "The webhook signing secret must start with whsec_ (Stripe Dashboard, Developers, Webhooks, the endpoint's signing secret)",
} as const;

export const StripeApiKeySchema = z
  .string()
  .trim()
  .regex(/^[sr]k_(live|test)_\w+$/, STRIPE_KEY_MESSAGES.notSecretKey);
export const StripeWebhookSecretSchema = z
  .string({ error: STRIPE_KEY_MESSAGES.webhookSecretRequired })
  .trim()
  .min(1, STRIPE_KEY_MESSAGES.webhookSecretRequired)
  .regex(/^whsec_\w+$/, STRIPE_KEY_MESSAGES.webhookSecretFormat);

/**
 * What is wrong with a Stripe key and its webhook secret, field by field (empty when nothing).
 * `secretRequired` false: a replacement may keep the stored secret.
 */
export function stripeKeyProblems(
  apiKey: string,
  apiSecret: string | null | undefined,
  secretRequired = true,
): Array<{ field: 'api_key' | 'api_secret'; message: string }> {
  const problems: Array<{ field: 'api_key' | 'api_secret'; message: string }> = [];
  const key = StripeApiKeySchema.safeParse(apiKey);
  if (!key.success) problems.push({ field: 'api_key', message: STRIPE_KEY_MESSAGES.notSecretKey });
  if (secretRequired || (apiSecret ?? '').trim() !== '') {
    const secret = StripeWebhookSecretSchema.safeParse(apiSecret ?? '');
    if (!secret.success)
      problems.push({
        field: 'api_secret',
        message: secret.error.issues[0]?.message ?? STRIPE_KEY_MESSAGES.webhookSecretRequired,
      });
  }
  return problems;
}

/**
 * Integrations whose "key" is public (Google Analytics' measurement ID is in every page's tag):
 * shown in full in the console, not masked, and without an API key's limits and expiry.
 */
export const PUBLIC_KEY_INTEGRATIONS: readonly IntegrationType[] = ['google_analytics'];
export const keyIsPublic = (integration: IntegrationType) => PUBLIC_KEY_INTEGRATIONS.includes(integration);

/** Integrations whose first key is not made primary by itself: choosing it changes how money moves. */
export const PRIMARY_ONLY_WHEN_ASKED: readonly IntegrationType[] = ['stripe'];

function stripeChecked<T extends { api_key: string; api_secret: string | null }>(secretRequired: boolean) {
  return (form: T, ctx: z.RefinementCtx) => {
    for (const p of stripeKeyProblems(form.api_key, form.api_secret, secretRequired))
      ctx.addIssue({ code: 'custom', path: [p.field], message: p.message });
  };
}

export type ApiKeyForm = z.output<typeof ApiKeyFormSchema>;

/**
 * The key form as one integration needs it: SMTP also needs the password and valid settings in
 * additional_config (stored normalised: the port as a number, empty sender name left out).
 */
export function apiKeyFormFor(integration: IntegrationType) {
  // A measurement ID is used by every page view, not called against a quota, and never expires:
  // limits and expiry (an API key's) do not apply, whatever a client sent.
  if (integration === 'google_analytics')
    return ApiKeyFormSchema.transform((form, ctx) => ({
      ...measurementIdKey(form, ctx),
      daily_limit: null,
      monthly_limit: null,
      expires_at: null,
    }));
  if (integration === 'stripe') return ApiKeyFormSchema.superRefine(stripeChecked(true));
  if (integration !== 'smtp') return ApiKeyFormSchema;
  return ApiKeyFormSchema.transform((form, ctx) => {
    if (!form.api_secret)
      ctx.addIssue({ code: 'custom', path: ['api_secret'], message: 'Password is required for SMTP' });
    const settings = SmtpSettingsSchema.safeParse(form.additional_config);
    if (!settings.success) {
      for (const issue of settings.error.issues)
        ctx.addIssue({
          code: 'custom',
          path: ['additional_config', ...issue.path.map(String)],
          message: issue.message,
        });
    }
    if (!form.api_secret || !settings.success) return z.NEVER;
    const { from_name, ...rest } = settings.data;
    return { ...form, additional_config: { ...rest, ...(from_name ? { from_name } : {}) } };
  });
}

/**
 * Google Analytics' key is its measurement ID, stored upper case. One check
 * for the add and replace dialogs and the function.
 */
export function integrationKeyProblem(integration: IntegrationType, apiKey: string): string | null {
  if (integration !== 'google_analytics') return null;
  const parsed = MeasurementIdSchema.safeParse(apiKey);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Measurement ID is not valid');
}

function measurementIdKey<T extends { api_key: string }>(form: T, ctx: z.RefinementCtx): T {
  const parsed = MeasurementIdSchema.safeParse(form.api_key);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', path: ['api_key'], message: parsed.error.issues[0]?.message ?? 'Check the ID' });
    return z.NEVER;
  }
  return { ...form, api_key: parsed.data };
}

export const ApiKeyStatusQuerySchema = z.object({
  status: z.enum(['active', 'inactive'], { error: 'status must be active or inactive' }),
});

export const RotateQuerySchema = z.object({
  batch_size: intField('batch_size', 1, CONFIG_LIMITS.maxRotateBatchSize, CONFIG_LIMITS.rotateBatchSize).transform(
    (v) => v ?? CONFIG_LIMITS.rotateBatchSize,
  ),
});

/** An API key as the API returns it: never the full key, never the secret. */
export interface ApiKeyView {
  id: string;
  integration_type: IntegrationType;
  key_name: string;
  /** Masked, e.g. `sk_l••••••••1234`. */
  api_key: string;
  has_secret: boolean;
  is_primary: boolean;
  priority: number;
  daily_limit: number | null;
  monthly_limit: number | null;
  additional_config: Record<string, unknown>;
  status: ApiKeyStatus;
  usage_count: number;
  created_at: string;
  last_used_at: string | null;
  last_rotated_at: string | null;
  expires_at: string | null;
  last_tested_at: string | null;
  last_test_ok: boolean | null;
}

export interface IntegrationTestResult {
  success: boolean;
  message: string;
}

/** GET /api/admin/config/api-keys/{integration}/rotate: what Rotate would do (nothing is changed). */
export interface RotationPreview {
  /** False when there is nothing to rotate to (one usable key, or none). */
  canRotate: boolean;
  /** The key that would become primary (null when none can). */
  newPrimary: string | null;
  currentPrimary: string | null;
  /** Active keys left out because their last test failed. */
  skipped: string[];
  /** Keys past their expiry, retired by the rotation. */
  expiring: string[];
}

/**
 * PUT /api/admin/config/api-keys/:id: a key replaced in place: the new key,
 * and optionally a new secret and name; priority, limits and primary stay. SMTP's settings are
 * kept: replacing is for a rotated password or token, not for moving to another server.
 */
export const ApiKeyReplaceSchema = z.object({
  api_key: text('API key', CONFIG_LIMITS.secret),
  api_secret: optionalText('API secret', CONFIG_LIMITS.secret),
  key_name: optionalText('Key name', CONFIG_LIMITS.keyName),
});
export type ApiKeyReplace = z.output<typeof ApiKeyReplaceSchema>;

/** The replace form as one integration needs it (Google Analytics: a measurement ID). */
export function apiKeyReplaceFor(integration: IntegrationType) {
  if (integration === 'stripe') return ApiKeyReplaceSchema.superRefine(stripeChecked(false));
  return integration === 'google_analytics' ? ApiKeyReplaceSchema.transform(measurementIdKey) : ApiKeyReplaceSchema;
}
