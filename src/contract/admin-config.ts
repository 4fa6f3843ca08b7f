import { z } from './zod.ts';
import { labelOf, type Option } from './options.ts';
import { enumOf } from './fields.ts';

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
  // Moved from Settings > Marketing (migration 0030): every key in one place.
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
    apiKey: 'Measurement ID (G-XXXXXXX): Google Analytics > Admin > Data streams > your web stream',
    apiSecret: 'Not used',
  },
  stripe: { apiKey: 'Secret key (sk_live_... or sk_test_...)', apiSecret: 'Webhook signing secret (whsec_...)' },
  google_analytics: {
    apiKey: 'Measurement ID (G-XXXXXXX): Google Analytics > Admin > Data streams > your web stream',
    apiSecret: 'Not used',
  },
  apollo: { apiKey: 'Apollo API key (Settings > Integrations > API in Apollo)', apiSecret: 'Not used' },
};

/**
 * What uses each integration's key (keys that only their Test button used). Said beside
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
 * The message each campaign type words, when the product sends one of that kind (an
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

export const text = (label: string, max: number) =>
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
export const intField = (label: string, min: number, max: number, fallback: number | null) =>
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
