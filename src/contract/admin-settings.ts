import { z } from './zod.ts';
import { enumOf, optionalText } from './fields.ts';
import {
  booleanField,
  CONFIG_LIMITS,
  SETTING_DATA_TYPES,
  type SettingCategory,
  SettingCategorySchema,
  type SettingDataType,
  text,
} from './admin-config.ts';

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
