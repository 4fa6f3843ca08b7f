import { z } from './zod.ts';
import { type Option, labelOf } from './options.ts';
import { enumOf, optionalText } from './fields.ts';
import { MeasurementIdSchema } from './analytics.ts';

/**
 * The admin console's system configuration (docs/product.md §3, §5 and §7): enumerations, limits and the
 * zod schemas shared by the dialogs and the functions. Payloads use the spec's snake_case names.
 */

export const INTEGRATION_TYPES = [
  { value: 'twilio', label: 'Twilio' },
  { value: 'mailchimp', label: 'Mailchimp' },
  { value: 'smtp', label: 'SMTP (email)' },
  { value: 'google_calendar', label: 'Google Calendar' },
  { value: 'stripe', label: 'Stripe' },
  { value: 'google_analytics', label: 'Google Analytics' },
  // Moved from Settings > Marketing (issue 28, point 3; migration 0030): every key in one place.
  { value: 'apollo', label: 'Apollo' },
] as const satisfies readonly Option[];
export type IntegrationType = (typeof INTEGRATION_TYPES)[number]['value'];
export const integrationLabel = (value: string) => labelOf(INTEGRATION_TYPES, value);

/** What each integration expects in the key fields, shown as hints in the Add New API Key dialog. */
export const INTEGRATION_KEY_HINTS: Record<IntegrationType, { apiKey: string; apiSecret: string }> = {
  twilio: { apiKey: 'Account SID (AC...)', apiSecret: 'Auth Token (required for Twilio)' },
  mailchimp: { apiKey: 'Mailchimp Transactional (Mandrill) API key', apiSecret: 'Not used' },
  smtp: { apiKey: 'Username (often the mailbox address)', apiSecret: 'Password (required)' },
  google_calendar: {
    apiKey: 'OAuth access token, or the refresh token when additional_config has client_id',
    apiSecret: 'OAuth client secret (with a refresh token)',
  },
  stripe: { apiKey: 'Secret key (sk_live_... or sk_test_...)', apiSecret: 'Webhook signing secret (whsec_...)' },
  google_analytics: {
    apiKey: 'Measurement ID (G-XXXXXXX): Google Analytics > Admin > Data streams > your web stream',
    apiSecret: 'Not used',
  },
  apollo: { apiKey: 'Apollo API key (Settings > Integrations > API in Apollo)', apiSecret: 'Not used' },
};

/**
 * What uses each integration's key (issue 28: keys that only their Test button used). Said beside
 * each integration in API Keys, so no key is kept in the belief that it does something.
 */
export const INTEGRATION_USES: Record<IntegrationType, string> = {
  twilio: 'Sends the text messages (SMS) of the outbox.',
  mailchimp: 'Sends the emails of the outbox when no SMTP key is set.',
  smtp: 'Sends the emails of the outbox (first choice).',
  google_calendar:
    'Nothing uses it yet: appointments reach calendars as ICS files and the calendar feed. Only its Test button checks it.',
  stripe:
    'Payments: cards saved at acceptance, parts deposits, charges when a record is signed, payouts to mechanics, refunds (the secret is the webhook signing secret). Without a key, the local Stripe stand-in.',
  google_analytics:
    'The public pages (home and blog), after a visitor accepts analytics cookies: a consent banner asks first, and Google\'s tag loads only after "Accept". Without a key, no banner and nothing from Google.',
  apollo:
    'Marketing > Lead Search: the people search. Without a key, the search answers 5 sample leads and saves nothing.',
};

export const API_KEY_STATUSES = ['active', 'inactive', 'expired'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

export const SETTING_CATEGORIES = [
  { value: 'payment', label: 'Payment' },
  { value: 'marketing', label: 'Marketing' },
  { value: 'security', label: 'Security' },
  { value: 'general', label: 'General' },
] as const satisfies readonly Option[];
export type SettingCategory = (typeof SETTING_CATEGORIES)[number]['value'];

export const SETTING_DATA_TYPES = [
  { value: 'string', label: 'String' },
  { value: 'number', label: 'Number' },
  { value: 'boolean', label: 'Boolean' },
  { value: 'json', label: 'JSON' },
] as const satisfies readonly Option[];
export type SettingDataType = (typeof SETTING_DATA_TYPES)[number]['value'];

export const CAMPAIGN_TYPES = [
  { value: 'welcome_series', label: 'Welcome Series' },
  { value: 'abandoned_quote', label: 'Abandoned Quote' },
  { value: 'follow_up', label: 'Follow Up' },
  { value: 'promotional', label: 'Promotional' },
  { value: 'newsletter', label: 'Newsletter' },
] as const satisfies readonly Option[];
export type CampaignType = (typeof CAMPAIGN_TYPES)[number]['value'];
/**
 * The message each campaign type words, when the product sends one of that kind (issue 28: an
 * "Abandoned Quote" template showed Active while nothing sent it). A type missing here is not sent
 * by anything: the console says so instead of "Active". One table for the console and the sender
 * (src/server/email/compose.server.ts).
 */
export const CAMPAIGN_SENT_AS = {
  welcome_series: { kind: 'lead.popup_offer', sentAs: "the popup's discount email (with the visitor's code)" },
  follow_up: { kind: 'quote.acknowledge_visitor', sentAs: 'the reply to a quote request (with the request)' },
} as const satisfies Partial<Record<CampaignType, { kind: string; sentAs: string }>>;

export function campaignSentAs(type: string): string | null {
  return (CAMPAIGN_SENT_AS as Partial<Record<string, { sentAs: string }>>)[type]?.sentAs ?? null;
}

/** What the create dialog starts with, and what a template sent without a type gets. */
export const DEFAULT_CAMPAIGN_TYPE: CampaignType = 'welcome_series';

/** docs/product.md §9 and the bounds the spec leaves open. */
export const CONFIG_LIMITS = {
  rotateBatchSize: 3,
  maxRotateBatchSize: 50,
  priorityMin: 1,
  priorityDefault: 1,
  priorityMax: 1000,
  keyName: 100,
  secret: 4096,
  additionalConfig: 4000,
  maxUsageLimit: 1_000_000_000,
  settingKey: 100,
  settingValue: 10_000,
  description: 500,
  maxMoney: 100_000,
  shareMessage: 500,
  templateName: 120,
  subjectLine: 200,
  htmlContent: 100_000,
  /** One year. */
  maxDelayMinutes: 525_600,
} as const;

/** What the settings list shows instead of an encrypted value (docs/product.md §3). */
export const ENCRYPTED_PLACEHOLDER = '[ENCRYPTED]';

/** Well-known settings the product reads. */
export const KNOWN_SETTINGS = {
  notificationEmail: { category: 'general', key: 'notification_email' },
  apolloApiKey: { category: 'marketing', key: 'apollo_api_key' },
  /** How many mechanics a new service request notifies (docs/decisions/0200), 1-500. */
  matchNotifyLimit: { category: 'general', key: 'match_notify_limit' },
} as const;

// ---------------------------------------------------------------------------------------------
// Field helpers: form data arrives as text, JSON bodies may carry numbers and booleans.

const text = (label: string, max: number) =>
  z
    .union([z.string(), z.number()], { error: `${label} is required` })
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`));

/** 'true'/'false' (any case), a JSON boolean, or absent (then `fallback`). */
export const booleanField = (label: string, fallback: boolean) =>
  z
    .union([z.boolean(), z.string()])
    .optional()
    .nullable()
    .transform((v, ctx) => {
      if (v === undefined || v === null || v === '') return fallback;
      if (typeof v === 'boolean') return v;
      const s = v.trim().toLowerCase();
      if (s === 'true') return true;
      if (s === 'false') return false;
      ctx.addIssue({ code: 'custom', message: `${label} must be true or false` });
      return z.NEVER;
    });

/** A whole number typed as text or sent as a number; '' or absent is `fallback`. */
const intField = (label: string, min: number, max: number, fallback: number | null) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .nullable()
    .transform((v, ctx) => {
      if (v === undefined || v === null || String(v).trim() === '') return fallback;
      const s = String(v).trim();
      const n = Number(s);
      if (!/^-?\d+$/.test(s) || !Number.isSafeInteger(n)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a whole number` });
        return z.NEVER;
      }
      if (n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `${label} must be between ${min} and ${max.toLocaleString('en-US')}` });
        return z.NEVER;
      }
      return n;
    });

export const IntegrationTypeSchema = enumOf(INTEGRATION_TYPES, 'Integration type');
export const SettingCategorySchema = enumOf(SETTING_CATEGORIES, 'Category');

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
export type SmtpSettingsInput = z.input<typeof SmtpSettingsSchema>;
export type SmtpSettings = z.output<typeof SmtpSettingsSchema> & { port: number };

/** POST /api/admin/config/api-keys: the form fields of docs/product.md §7 (the Add New API Key dialog). */
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
  /** Optional end of validity (not in the spec's form; lets rotation retire old keys on time). */
  expires_at: z
    .string()
    .optional()
    .nullable()
    .transform((v, ctx) => {
      const s = v?.trim();
      if (!s) return null;
      const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T23:59:59Z` : s);
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
export type ApiKeyFormInput = z.input<typeof ApiKeyFormSchema>;
export type ApiKeyForm = z.output<typeof ApiKeyFormSchema>;

/**
 * The key form as one integration needs it: SMTP also needs the password and valid settings in
 * additional_config (stored normalised: the port as a number, empty sender name left out).
 */
export function apiKeyFormFor(integration: IntegrationType) {
  if (integration === 'google_analytics') return ApiKeyFormSchema.transform(measurementIdKey);
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
 * Google Analytics' key is its measurement ID (issue 28, point 3), stored upper case. One check
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

/** The replace form as one integration needs it (Google Analytics: a measurement ID). */
export function apiKeyReplaceFor(integration: IntegrationType) {
  return integration === 'google_analytics' ? ApiKeyReplaceSchema.transform(measurementIdKey) : ApiKeyReplaceSchema;
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

// ---------------------------------------------------------------------------------------------
// System settings

export const SETTING_KEY_PATTERN = /^[a-z][a-z0-9_.-]*$/;

/**
 * Checks a setting's text against its data type and returns the value to store: trimmed for
 * numbers and booleans (booleans lowercased), compact for JSON. One rule for dialog and server.
 */
export function checkSettingValue(
  dataType: SettingDataType,
  raw: string,
): { ok: true; value: string } | { ok: false; message: string } {
  const value = raw.trim();
  switch (dataType) {
    case 'number': {
      const n = Number(value);
      if (value === '' || !Number.isFinite(n))
        return { ok: false, message: `A number setting needs a numeric value, not "${truncate(raw)}"` };
      return { ok: true, value: String(n) };
    }
    case 'boolean': {
      const b = value.toLowerCase();
      if (b !== 'true' && b !== 'false') return { ok: false, message: 'A boolean setting must be true or false' };
      return { ok: true, value: b };
    }
    case 'json': {
      try {
        return { ok: true, value: JSON.stringify(JSON.parse(value)) };
      } catch {
        return { ok: false, message: 'A json setting must be valid JSON, e.g. {"enabled": true} or [1, 2]' };
      }
    }
    default:
      return { ok: true, value: raw };
  }
}

function truncate(s: string): string {
  return s.length > 40 ? `${s.slice(0, 40)}...` : s;
}

/** PUT /api/admin/config/settings/{category}/{setting_key}: the Add/Update Setting dialog. */
export const SettingFormSchema = z
  .object({
    category: SettingCategorySchema.optional(),
    setting_key: text('Setting key', CONFIG_LIMITS.settingKey).pipe(
      z
        .string()
        .regex(SETTING_KEY_PATTERN, 'Setting key must start with a letter and use lowercase letters, digits, _ . or -'),
    ),
    setting_value: z
      .union([z.string(), z.number(), z.boolean()], { error: 'Setting value is required' })
      .transform((v) => String(v))
      .pipe(
        z
          .string()
          .max(CONFIG_LIMITS.settingValue, `Setting value must be at most ${CONFIG_LIMITS.settingValue} characters`),
      )
      .refine((v) => v.trim() !== '', 'Setting value is required'),
    // Absent (undefined): an update keeps what the setting has, a new one gets string, plain, no
    // description (settings.server.ts), so an update that sends only a value never turns an
    // encrypted setting plain nor a number into a string.
    data_type: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      enumOf(SETTING_DATA_TYPES, 'Data type').optional(),
    ),
    description: z.union([z.undefined(), optionalText('Description', CONFIG_LIMITS.description)]),
    is_encrypted: z
      .union([z.undefined(), z.literal(''), z.null()])
      .transform(() => undefined)
      .or(booleanField('is_encrypted', false)),
  })
  .transform((s, ctx) => {
    if (s.data_type === undefined) return s;
    const checked = checkSettingValue(s.data_type, s.setting_value);
    if (!checked.ok) {
      ctx.addIssue({ code: 'custom', path: ['setting_value'], message: checked.message });
      return z.NEVER;
    }
    return { ...s, setting_value: checked.value };
  });
export type SettingFormInput = z.input<typeof SettingFormSchema>;
export type SettingForm = z.output<typeof SettingFormSchema>;

export interface SettingView {
  category: SettingCategory;
  setting_key: string;
  /** `[ENCRYPTED]` when is_encrypted. */
  setting_value: string;
  data_type: SettingDataType;
  description: string | null;
  is_encrypted: boolean;
  updated_at: string;
}

/** GET /api/admin/config: the non-secret configuration, as key and value. */
export interface ConfigEntry {
  key: string;
  value: string;
  category: SettingCategory;
  data_type: SettingDataType;
}

// ---------------------------------------------------------------------------------------------
// Referral program

/** Dollars: non-negative, at most 2 decimals, bounded; typed as text or sent as a number. */
export const moneyField = (label: string) =>
  z.union([z.string(), z.number()], { error: `${label} is required` }).transform((v, ctx) => {
    const s = String(v).trim().replace(/^\$/, '');
    const n = Number(s);
    if (s === '' || !Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: `${label} must be an amount in dollars` });
      return z.NEVER;
    }
    if (n < 0 || n > CONFIG_LIMITS.maxMoney) {
      ctx.addIssue({
        code: 'custom',
        message: `${label} must be between $0 and $${CONFIG_LIMITS.maxMoney.toLocaleString('en-US')}`,
      });
      return z.NEVER;
    }
    if (Math.abs(Math.round(n * 100) - n * 100) > 1e-6) {
      ctx.addIssue({ code: 'custom', message: `${label} must have at most 2 decimals` });
      return z.NEVER;
    }
    return Math.round(n * 100) / 100;
  });

export const ReferralProgramSchema = z.object({
  reward_amount: moneyField('Reward amount'),
  min_booking_amount: moneyField('Minimum booking amount'),
  share_message: text('Share message', CONFIG_LIMITS.shareMessage),
});
export type ReferralProgramInput = z.input<typeof ReferralProgramSchema>;

/** What the referral program offers until an admin saves terms (and what the demo data seeds). */
export const DEFAULT_REFERRAL_PROGRAM = {
  reward_amount: 50,
  min_booking_amount: 250,
  share_message:
    'I get my aircraft inspections done by Skyward Mobile Aviation: certified A&P mechanics who come to your hangar. Use my link for {reward} off your first service!',
} as const;

/** Where the reward goes in the share message: replaced by the current amount whenever it is shown. */
export const REFERRAL_REWARD_TOKEN = '{reward}';

/** $50, $55.50 */
export const formatReward = (amount: number) =>
  `$${amount.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(amount) ? 0 : 2, maximumFractionDigits: 2 })}`;

/** The message customers share, built from the reward (issue 20: it kept "$50 off" after the reward changed). */
export function referralShareText(message: string, reward: number): string {
  return message.split(REFERRAL_REWARD_TOKEN).join(formatReward(reward));
}

/**
 * A message typed with the reward written out ("$50 off") keeps following the reward: the amount
 * it was written for (the reward saved before, or the one saved with it) becomes the token.
 */
export function withRewardToken(message: string, ...amounts: number[]): string {
  let out = message;
  for (const amount of new Set(amounts)) {
    const plain = formatReward(amount).replace('$', '\\$');
    const cents = `\\$${amount.toFixed(2)}`;
    out = out.replace(new RegExp(`(${cents}|${plain})(?![\\d.,])`, 'g'), REFERRAL_REWARD_TOKEN);
  }
  return out;
}

export interface ReferralProgramView {
  reward_amount: number;
  min_booking_amount: number;
  /** The message as stored, with {reward} where the amount goes. */
  share_message: string;
  /** What customers share: the message with the current reward in it. */
  share_text: string;
  updated_at: string | null;
}

// ---------------------------------------------------------------------------------------------
// Email templates

export const EmailTemplateSchema = z.object({
  name: text('Name', CONFIG_LIMITS.templateName),
  subject_line: text('Subject line', CONFIG_LIMITS.subjectLine),
  html_content: text('HTML content', CONFIG_LIMITS.htmlContent),
  // Not among the spec's required fields (section 5): absent, it is the form's own default.
  campaign_type: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? DEFAULT_CAMPAIGN_TYPE : v),
    enumOf(CAMPAIGN_TYPES, 'Campaign type'),
  ),
  delay_minutes: intField('Delay (minutes)', 0, CONFIG_LIMITS.maxDelayMinutes, 0).transform((v) => v ?? 0),
  is_active: booleanField('is_active', true),
});
export type EmailTemplateInput = z.input<typeof EmailTemplateSchema>;

export const EmailTemplateStatusSchema = z.object({ active: booleanField('active', true) });

/** Sample recipient for previews; any field may be overridden in the preview body. */
export const PreviewSampleSchema = z.object({
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
  userId: z.string().trim().max(100).optional(),
});

export interface EmailTemplateView {
  id: string;
  name: string;
  subject_line: string;
  html_content: string;
  campaign_type: CampaignType;
  delay_minutes: number;
  is_active: boolean;
  sends: number;
  opens: number;
  clicks: number;
  conversions: number;
  created_at: string;
  updated_at: string;
}

export interface EmailPreview {
  subject: string;
  html: string;
  sample: { firstName: string; lastName: string; userId: string };
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
 * PUT /api/admin/config/api-keys/:id: a key replaced in place (issue 28, point 3): the new key,
 * and optionally a new secret and name; priority, limits and primary stay. SMTP's settings are
 * kept: replacing is for a rotated password or token, not for moving to another server.
 */
export const ApiKeyReplaceSchema = z.object({
  api_key: text('API key', CONFIG_LIMITS.secret),
  api_secret: optionalText('API secret', CONFIG_LIMITS.secret),
  key_name: optionalText('Key name', CONFIG_LIMITS.keyName),
});
export type ApiKeyReplaceInput = z.input<typeof ApiKeyReplaceSchema>;
export type ApiKeyReplace = z.output<typeof ApiKeyReplaceSchema>;
