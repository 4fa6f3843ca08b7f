import { z } from './zod.ts';
import type { SettingCategory, SettingDataType } from './admin-config.ts';
import type { SiteAnalytics } from './analytics-policy.ts';
import {
  BUSINESS_TIME_ZONE,
  DEFAULT_BUSINESS_HOURS,
  WEEKDAYS,
  type BusinessHours,
  type Weekday,
} from './business-hours.ts';

import { URGENT_REQUEST_RULE } from './inbox.ts';

/**
 * The settings the product reads (docs/product.md §3, docs/decisions/0190-settings-catalog.md):
 * each with its label, unit, allowed values and what it changes. The console shows these with a
 * control of their kind; the server checks a value against the same schema when it is saved and
 * falls back to the default when a stored value no longer fits, so no setting is ever offered
 * that no code reads.
 */

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = (label: string) => z.string().regex(TIME, `${label} must be a time like 08:00`);

/** One day: open from `open` to `close` (24-hour clock, the business's own time zone), or closed (null). */
export const DayHoursSchema = z
  .object({ open: time('Opening time'), close: time('Closing time') })
  .refine((d) => d.open < d.close, 'Closing time must be after the opening time')
  .nullable();

export const BusinessHoursSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((d) => [d.value, DayHoursSchema])) as Record<Weekday, typeof DayHoursSchema>,
  { error: 'Business hours need every day of the week, each open-close or closed' },
);

// ---------------------------------------------------------------------------------------------

interface CatalogBase {
  category: SettingCategory;
  key: string;
  label: string;
  /** What saving it changes, in the console's words. */
  affects: string;
}
export type CatalogSetting =
  | (CatalogBase & { kind: 'boolean'; dataType: 'boolean'; default: boolean; onLabel: string })
  | (CatalogBase & { kind: 'number'; dataType: 'number'; default: number; min: number; max: number; unit: string })
  | (CatalogBase & { kind: 'email'; dataType: 'string'; default: null; placeholder: string })
  | (CatalogBase & { kind: 'week'; dataType: 'json'; default: BusinessHours });

export const SESSION_HOURS_BOUNDS = { min: 1, max: 72, default: 8 } as const;

/** The reply clock of an urgent quote request: shorter than the site's 24-hour promise. */
export const URGENT_REPLY_HOURS_BOUNDS = { min: 1, max: 24, default: 2 } as const;

/** The money settings' bounds: a deposit is a share of the parts, a fee a share of the job. */
export const MONEY_SETTING_BOUNDS = {
  depositPercent: { min: 0, max: 100, default: 0 },
  feePercent: { min: 0, max: 50, default: 10 },
  feeMinimumCents: { min: 0, max: 10_000, default: 500 },
} as const;

export const SETTINGS_CATALOG = {
  notificationEmail: {
    category: 'general',
    key: 'notification_email',
    label: 'Quote notification email',
    kind: 'email',
    dataType: 'string',
    default: null,
    placeholder: 'quotes@example.com',
    affects: 'Each new quote request is announced to this address (else the NOTIFICATION_EMAIL of the deployment).',
  },
  replyToEmail: {
    category: 'general',
    key: 'reply_to_email',
    label: 'Reply address for customers',
    kind: 'email',
    dataType: 'string',
    default: null,
    placeholder: 'hello@example.com',
    affects:
      'Every email a customer or visitor receives says Reply-To this address, so their answer reaches you (else the quote notification email).',
  },
  businessHours: {
    category: 'general',
    key: 'business_hours',
    label: 'Business hours',
    kind: 'week',
    dataType: 'json',
    default: DEFAULT_BUSINESS_HOURS,
    affects: `Shown in the home page's contact section and in the business data search engines read (${BUSINESS_TIME_ZONE.label}). The 24/7 emergency line is separate.`,
  },
  urgentReplyHours: {
    category: 'general',
    key: 'urgent_reply_hours',
    label: 'Reply clock for urgent requests',
    kind: 'number',
    dataType: 'number',
    default: URGENT_REPLY_HOURS_BOUNDS.default,
    min: URGENT_REPLY_HOURS_BOUNDS.min,
    max: URGENT_REPLY_HOURS_BOUNDS.max,
    unit: 'hours',
    affects: `A quote request is urgent when its service is Emergency, its timeframe As Soon As Possible, or its message says ${URGENT_REQUEST_RULE.words
      .map((w) => `"${w}"`)
      .join(
        ', ',
      )} (any case, whole words). Urgent requests are flagged, listed first in the Inbox while unanswered, and overdue after these hours instead of 24.`,
  },
  leadPopupEnabled: {
    category: 'marketing',
    key: 'lead_popup_enabled',
    label: 'Discount popup',
    kind: 'boolean',
    dataType: 'boolean',
    default: true,
    onLabel: 'Offer the 25% discount popup on the home page',
    affects: 'When off, visitors of the home page are not offered the discount popup.',
  },
  sessionHours: {
    category: 'security',
    key: 'session_hours',
    label: 'Sign-in lasts',
    kind: 'number',
    dataType: 'number',
    default: SESSION_HOURS_BOUNDS.default,
    min: SESSION_HOURS_BOUNDS.min,
    max: SESSION_HOURS_BOUNDS.max,
    unit: 'hours',
    affects: 'How long a sign-in stays valid before the user signs in again. Applies to sign-ins made after saving.',
  },
  depositPercent: {
    category: 'payment',
    key: 'deposit_percent',
    label: 'Deposit for parts',
    kind: 'number',
    dataType: 'number',
    ...MONEY_SETTING_BOUNDS.depositPercent,
    unit: 'percent',
    affects:
      "The share of a bid's parts an owner pays as a deposit at acceptance, when the mechanic's bid names none. Bids already sent keep theirs.",
  },
  feePercent: {
    category: 'payment',
    key: 'platform_fee_percent',
    label: 'Platform fee',
    kind: 'number',
    dataType: 'number',
    ...MONEY_SETTING_BOUNDS.feePercent,
    unit: 'percent',
    affects: "The business's share of each job paid through Skyward, taken from the mechanic's payout at capture.",
  },
  feeMinimumCents: {
    category: 'payment',
    key: 'platform_fee_minimum_cents',
    label: 'Minimum platform fee',
    kind: 'number',
    dataType: 'number',
    ...MONEY_SETTING_BOUNDS.feeMinimumCents,
    unit: 'cents',
    affects: 'The least the business takes from a paid job, when the percent comes to less (500 cents = $5.00).',
  },
} as const satisfies Record<string, CatalogSetting>;

export const CATALOG_LIST: readonly CatalogSetting[] = Object.values(SETTINGS_CATALOG);

export function catalogEntry(category: string, key: string): CatalogSetting | undefined {
  return CATALOG_LIST.find((s) => s.category === category && s.key === key);
}

/** The schema a catalog setting's value must meet, as text (what the settings API stores). */
export function parseCatalogValue(
  setting: CatalogSetting,
  raw: string,
): { ok: true; value: string; dataType: SettingDataType } | { ok: false; message: string } {
  const value = raw.trim();
  switch (setting.kind) {
    case 'boolean': {
      const b = value.toLowerCase();
      if (b !== 'true' && b !== 'false')
        return { ok: false, message: `${setting.label} must be on (true) or off (false)` };
      return { ok: true, value: b, dataType: 'boolean' };
    }
    case 'number': {
      const n = Number(value);
      if (value === '' || !Number.isInteger(n))
        return { ok: false, message: `${setting.label} must be a whole number of ${setting.unit}` };
      if (n < setting.min || n > setting.max)
        return {
          ok: false,
          message: `${setting.label} must be between ${setting.min} and ${setting.max} ${setting.unit}`,
        };
      return { ok: true, value: String(n), dataType: 'number' };
    }
    case 'email': {
      const email = z.email().safeParse(value);
      if (!email.success) return { ok: false, message: `${setting.label} must be a valid email address` };
      return { ok: true, value: email.data, dataType: 'string' };
    }
    case 'week': {
      let json: unknown;
      try {
        json = JSON.parse(value);
      } catch {
        return { ok: false, message: `${setting.label} must be a week of hours (JSON)` };
      }
      const parsed = BusinessHoursSchema.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const day = WEEKDAYS.find((d) => d.value === issue?.path[0])?.label;
        return { ok: false, message: `${setting.label}${day ? ` (${day})` : ''}: ${issue?.message ?? 'invalid'}` };
      }
      return { ok: true, value: JSON.stringify(parsed.data), dataType: 'json' };
    }
  }
}

/** A setting's value as the console's control holds it: a switch, typed text, or a week of hours. */
export type CatalogDraft = boolean | string | BusinessHours;

/** The control's value as the settings API takes it (text; a week as JSON). */
export const catalogDraftText = (draft: CatalogDraft) =>
  typeof draft === 'object' ? JSON.stringify(draft) : String(draft);

/**
 * The console's form of one setting: the rule the server checks the value with
 * (`parseCatalogValue`), its problem under `setting_value`, the field the server names.
 */
export const catalogFormSchema = (setting: CatalogSetting) =>
  z.object({
    setting_value: z.custom<CatalogDraft>().superRefine((draft, ctx) => {
      const checked = parseCatalogValue(setting, catalogDraftText(draft));
      if (!checked.ok) ctx.addIssue({ code: 'custom', message: checked.message });
    }),
  });

/** A stored value read for use: the default when absent or no longer valid. */
export type CatalogValue<S extends CatalogSetting> = S extends { kind: 'boolean' }
  ? boolean
  : S extends { kind: 'number' }
    ? number
    : S extends { kind: 'email' }
      ? string | null
      : BusinessHours;

export function catalogValue<S extends CatalogSetting>(setting: S, stored: string | null | undefined): CatalogValue<S> {
  const checked = stored === null || stored === undefined ? null : parseCatalogValue(setting, stored);
  if (!checked?.ok) return setting.default as CatalogValue<S>;
  switch (setting.kind) {
    case 'boolean':
      return (checked.value === 'true') as CatalogValue<S>;
    case 'number':
      return Number(checked.value) as CatalogValue<S>;
    case 'email':
      return checked.value as CatalogValue<S>;
    case 'week':
      return JSON.parse(checked.value) as CatalogValue<S>;
  }
}

/** GET /api/site/settings: what the public pages need to know, nothing secret. */
export interface SiteSettings {
  lead_popup_enabled: boolean;
  business_hours: BusinessHours;
  /** The same hours in lines, e.g. 'Mon-Fri: 7:00 AM-6:00 PM'. */
  business_hours_text: string[];
  time_zone: string;
  /**
   * Google Analytics, when the console has a measurement ID (docs/decisions/0275): the public
   * pages ask the visitor first. Absent or null: no banner, nothing from Google.
   */
  analytics?: SiteAnalytics | null;
}
