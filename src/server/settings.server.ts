import { sql, type Selectable } from 'kysely';
import { z } from 'zod';
import {
  ENCRYPTED_PLACEHOLDER,
  KNOWN_SETTINGS,
  type SettingCategory,
  type SettingDataType,
} from '../contract/admin-config.ts';
import { checkSettingValue, type ConfigEntry, type SettingForm, type SettingView } from '../contract/admin-settings.ts';
import {
  catalogEntry,
  catalogValue,
  parseCatalogValue,
  SETTINGS_CATALOG,
  type CatalogSetting,
  type CatalogValue,
  type SiteSettings,
} from '../contract/settings-catalog.ts';
import { describeHours, BUSINESS_TIME_ZONE } from '../contract/business-hours.ts';
import { decryptSecret, encryptSecret } from './crypto.server.ts';
import type { Db } from './db/client.ts';
import type { SystemSettingsTable } from './db/tables/admin.ts';
import { env } from './env.ts';
import { badRequest } from './http/errors.ts';

type SettingRow = Selectable<SystemSettingsTable>;

function toView(row: SettingRow): SettingView {
  return {
    category: row.category,
    setting_key: row.settingKey,
    setting_value: row.isEncrypted ? ENCRYPTED_PLACEHOLDER : row.settingValue,
    data_type: row.dataType,
    description: row.description,
    is_encrypted: row.isEncrypted,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listSettings(db: Db, category: SettingCategory): Promise<SettingView[]> {
  const rows = await db
    .selectFrom('systemSettings')
    .selectAll()
    .where('category', '=', category)
    .orderBy('settingKey')
    .execute();
  return rows.map(toView);
}

export async function listAllSettings(db: Db): Promise<SettingView[]> {
  const rows = await db.selectFrom('systemSettings').selectAll().orderBy('category').orderBy('settingKey').execute();
  return rows.map(toView);
}

/** Settings whose meaning the product knows get their own checks on save. */
/** A setting form with every field decided (absent ones filled from the stored setting). */
type CompleteSettingForm = SettingForm & {
  data_type: SettingDataType;
  is_encrypted: boolean;
  description: string | null;
};

function checkKnownSetting(category: SettingCategory, form: CompleteSettingForm): CompleteSettingForm {
  const { notificationEmail, apolloApiKey, matchNotifyLimit } = KNOWN_SETTINGS;
  if (category === matchNotifyLimit.category && form.setting_key === matchNotifyLimit.key) {
    const n = Number(form.setting_value.trim());
    if (!/^\d+$/.test(form.setting_value.trim()) || n < 1 || n > 500)
      throw badRequest('setting_value: match_notify_limit must be a whole number from 1 to 500');
    return { ...form, setting_value: String(n), data_type: 'number', is_encrypted: false };
  }
  if (category === notificationEmail.category && form.setting_key === notificationEmail.key) {
    // Checked here first for its historic messages (the catalog below would say the same).
    if (form.data_type !== 'string' || form.is_encrypted)
      throw badRequest('notification_email must be a plain (not encrypted) string setting');
    const email = z.email().safeParse(form.setting_value.trim());
    if (!email.success) throw badRequest('setting_value: notification_email must be a valid email address');
    return { ...form, setting_value: email.data };
  }
  // A setting the product reads: its own rule, its own data type, never encrypted.
  const known = catalogEntry(category, form.setting_key);
  if (known) {
    const checked = parseCatalogValue(known, form.setting_value);
    if (!checked.ok) throw badRequest(checked.message, [{ path: 'setting_value', message: checked.message }]);
    return { ...form, setting_value: checked.value, data_type: checked.dataType, is_encrypted: false };
  }
  // Apollo's key lives under API Keys with every other integration's (docs/decisions/0198).
  if (category === apolloApiKey.category && form.setting_key === apolloApiKey.key) {
    throw badRequest(
      "The Apollo API key is kept under System Config > API Keys > Apollo, with the other integrations' keys: add it there.",
    );
  }
  return form;
}

/**
 * Creates or updates one setting. Encrypted values are stored as ciphertext. Saving an encrypted
 * setting with the `[ENCRYPTED]` placeholder (what the list shows) keeps the stored secret and
 * changes only the description, so editing a description never wipes a secret.
 */
export async function upsertSetting(
  db: Db,
  category: SettingCategory,
  input: SettingForm,
  userId: string,
): Promise<SettingView> {
  if (input.category !== undefined && input.category !== category) {
    throw badRequest(`category: the body says ${input.category} but the URL says ${category}`);
  }
  const existing = await db
    .selectFrom('systemSettings')
    .selectAll()
    .where('category', '=', category)
    .where('settingKey', '=', input.setting_key)
    .executeTakeFirst();
  // What the body leaves out, the setting keeps (a new one: string, plain, no description).
  const dataType =
    catalogEntry(category, input.setting_key)?.dataType ?? input.data_type ?? existing?.dataType ?? 'string';
  // A catalog setting is checked by its own rule (checkKnownSetting), whatever type the body named.
  const checked =
    input.data_type === undefined && !catalogEntry(category, input.setting_key)
      ? checkSettingValue(dataType, input.setting_value)
      : { ok: true as const, value: input.setting_value };
  if (!checked.ok) throw badRequest(checked.message, [{ path: 'setting_value', message: checked.message }]);
  const form = checkKnownSetting(category, {
    ...input,
    setting_value: checked.value,
    data_type: dataType,
    is_encrypted: input.is_encrypted ?? existing?.isEncrypted ?? false,
    description: input.description !== undefined ? input.description : (existing?.description ?? null),
  });

  let storedValue: string;
  if (form.is_encrypted && form.setting_value === ENCRYPTED_PLACEHOLDER) {
    if (!existing?.isEncrypted)
      throw badRequest(`setting_value: enter the secret value itself, not ${ENCRYPTED_PLACEHOLDER}`);
    storedValue = existing.settingValue;
  } else {
    storedValue = form.is_encrypted ? encryptSecret(form.setting_value) : form.setting_value;
  }

  const values = {
    settingValue: storedValue,
    dataType: form.data_type,
    description: form.description,
    isEncrypted: form.is_encrypted,
    updatedBy: userId,
  };
  const row = await db
    .insertInto('systemSettings')
    .values({ category, settingKey: form.setting_key, ...values })
    .onConflict((oc) => oc.columns(['category', 'settingKey']).doUpdateSet({ ...values, updatedAt: sql`now()` }))
    .returningAll()
    .executeTakeFirstOrThrow();
  return toView(row);
}

/** A setting's value for the product's own use (decrypted); null when absent. */
export async function readSetting(db: Db, category: SettingCategory, key: string): Promise<string | null> {
  const row = await db
    .selectFrom('systemSettings')
    .select(['settingValue', 'isEncrypted'])
    .where('category', '=', category)
    .where('settingKey', '=', key)
    .executeTakeFirst();
  if (!row) return null;
  return row.isEncrypted ? decryptSecret(row.settingValue) : row.settingValue;
}

/** The business inbox: the notification_email setting when set and valid, else the environment's. */
export async function notificationEmail(db: Db): Promise<string> {
  const { category, key } = KNOWN_SETTINGS.notificationEmail;
  const row = await db
    .selectFrom('systemSettings')
    .select(['settingValue', 'isEncrypted'])
    .where('category', '=', category)
    .where('settingKey', '=', key)
    .executeTakeFirst();
  const value = row && !row.isEncrypted ? row.settingValue.trim() : '';
  return value && z.email().safeParse(value).success ? value : env().NOTIFICATION_EMAIL;
}

/** GET /api/admin/config: every non-secret setting, plus the effective notification_email. */
export async function publicConfig(db: Db): Promise<ConfigEntry[]> {
  const rows = await db
    .selectFrom('systemSettings')
    .select(['category', 'settingKey', 'settingValue', 'dataType'])
    .where('isEncrypted', '=', false)
    .orderBy('category')
    .orderBy('settingKey')
    .execute();
  const entries: ConfigEntry[] = rows.map((r) => ({
    key: r.settingKey,
    value: r.settingValue,
    category: r.category,
    data_type: r.dataType,
  }));
  const { category, key } = KNOWN_SETTINGS.notificationEmail;
  const effective = await notificationEmail(db);
  const i = entries.findIndex((e) => e.category === category && e.key === key);
  if (i === -1) entries.push({ key, value: effective, category, data_type: 'string' });
  else entries[i] = { ...entries[i]!, value: effective };
  return entries;
}

/** A catalog setting's value for use: the default when absent, encrypted or no longer valid. */
export async function readCatalogSetting<S extends CatalogSetting>(db: Db, setting: S): Promise<CatalogValue<S>> {
  const row = await db
    .selectFrom('systemSettings')
    .select(['settingValue', 'isEncrypted'])
    .where('category', '=', setting.category)
    .where('settingKey', '=', setting.key)
    .executeTakeFirst();
  return catalogValue(setting, row && !row.isEncrypted ? row.settingValue : null);
}

/** Where customers' replies go: the reply_to_email setting, else the business inbox. */
export async function businessReplyAddress(db: Db): Promise<string> {
  return (await readCatalogSetting(db, SETTINGS_CATALOG.replyToEmail)) ?? (await notificationEmail(db));
}

/** GET /api/site/settings: the public pages' part of the settings. */
export async function siteSettings(db: Db): Promise<SiteSettings> {
  const [popup, hours] = await Promise.all([
    readCatalogSetting(db, SETTINGS_CATALOG.leadPopupEnabled),
    readCatalogSetting(db, SETTINGS_CATALOG.businessHours),
  ]);
  return {
    lead_popup_enabled: popup,
    business_hours: hours,
    business_hours_text: describeHours(hours),
    time_zone: BUSINESS_TIME_ZONE.label,
  };
}
