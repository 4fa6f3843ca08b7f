import { sql } from 'kysely';
import { integrationLabel, type IntegrationType } from '../../contract/admin-config.ts';
import {
  apiKeyExpiredMessage,
  apiKeyReplaceFor,
  keyIsPublic,
  PRIMARY_ONLY_WHEN_ASKED,
  type ApiKeyForm,
  type ApiKeyReplace,
  type ApiKeyView,
} from '../../contract/admin-api-keys.ts';
import { decryptSecret, encryptSecret } from '../../server/crypto.server.ts';
import type { Db, Tx } from '../../server/db/client.ts';
import { badRequest, conflict } from '../../server/http/errors.ts';
import { maskSecret } from './mask.ts';
import { byRotationOrder } from './rotation.ts';
import { API_KEY_MACHINE } from '../../contract/status-machines.ts';
import { transition } from '../../server/http/transition.ts';
import { type ApiKeyRow, parseConfig, lockIntegration, keysOf, findKey } from './api-keys.server.ts';

/** The console's integration keys: the masked list, adding, activating, replacing and removing a key. */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function shownPublicKey(row: ApiKeyRow): string {
  try {
    return decryptSecret(row.apiKeyEncrypted);
  } catch {
    return row.apiKeyMasked;
  }
}

/** The API's view of a key: masked, never the key or the secret (a public ID excepted). */
export function toApiKeyView(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    integration_type: row.integrationType,
    key_name: row.keyName,
    // A public ID is shown as typed (keys saved before were stored masked: read back in full).
    api_key: keyIsPublic(row.integrationType) ? shownPublicKey(row) : row.apiKeyMasked,
    has_secret: row.apiSecretEncrypted !== null,
    is_primary: row.isPrimary,
    priority: row.priority,
    daily_limit: row.dailyLimit,
    monthly_limit: row.monthlyLimit,
    additional_config: parseConfig(row.additionalConfig),
    status: row.status,
    usage_count: row.usageCount,
    created_at: row.createdAt.toISOString(),
    last_used_at: iso(row.lastUsedAt),
    last_rotated_at: iso(row.lastRotatedAt),
    expires_at: iso(row.expiresAt),
    last_tested_at: iso(row.lastTestedAt),
    last_test_ok: row.lastTestOk,
  };
}

/** Keys of one integration in rotation order (priority, then age). */
export async function listApiKeys(db: Db, integration: IntegrationType): Promise<ApiKeyView[]> {
  return (await keysOf(db, integration)).map(toApiKeyView);
}

export async function listAllApiKeys(db: Db): Promise<ApiKeyView[]> {
  const rows = await db.selectFrom('apiKeys').selectAll().execute();
  return rows
    .sort((a, b) => a.integrationType.localeCompare(b.integrationType) || byRotationOrder(a, b))
    .map(toApiKeyView);
}

/** Makes the first active key (rotation order) primary when the integration has no primary. */
async function ensurePrimary(trx: Tx, integration: IntegrationType): Promise<void> {
  const keys = await keysOf(trx, integration);
  if (keys.some((k) => k.isPrimary)) return;
  const first = keys.find((k) => k.status === 'active');
  if (first)
    await trx
      .updateTable('apiKeys')
      .set({ isPrimary: true, updatedAt: sql`now()` })
      .where('id', '=', first.id)
      .execute();
}

/**
 * Priorities are unique within an integration: a new key asked at a priority another key holds
 * takes it, and that key and the ones after it move down by one (their order is kept). Called
 * under the integration's lock.
 */
async function makeRoomAt(trx: Tx, integration: IntegrationType, priority: number): Promise<void> {
  const taken = await trx
    .selectFrom('apiKeys')
    .select('id')
    .where('integrationType', '=', integration)
    .where('priority', '=', priority)
    .executeTakeFirst();
  if (!taken) return;
  await trx
    .updateTable('apiKeys')
    .set({ priority: sql`priority + 1`, updatedAt: sql`now()` })
    .where('integrationType', '=', integration)
    .where('priority', '>=', priority)
    .execute();
}

export async function createApiKey(
  db: Db,
  integration: IntegrationType,
  form: ApiKeyForm,
  userId: string,
): Promise<ApiKeyView> {
  // Encrypt before the transaction: a missing CONFIG_ENCRYPTION_KEY fails fast with its 503.
  const apiKeyEncrypted = encryptSecret(form.api_key);
  const apiSecretEncrypted = form.api_secret === null ? null : encryptSecret(form.api_secret);
  const id = await db.transaction().execute(async (trx) => {
    await lockIntegration(trx, integration);
    await makeRoomAt(trx, integration, form.priority);
    if (form.is_primary) {
      await trx
        .updateTable('apiKeys')
        .set({ isPrimary: false, updatedAt: sql`now()` })
        .where('integrationType', '=', integration)
        .where('isPrimary', '=', true)
        .execute();
    }
    const row = await trx
      .insertInto('apiKeys')
      .values({
        integrationType: integration,
        keyName: form.key_name,
        apiKeyEncrypted,
        apiKeyMasked: keyIsPublic(integration) ? form.api_key : maskSecret(form.api_key),
        apiSecretEncrypted,
        isPrimary: form.is_primary,
        priority: form.priority,
        dailyLimit: form.daily_limit,
        monthlyLimit: form.monthly_limit,
        additionalConfig: JSON.stringify(form.additional_config),
        expiresAt: form.expires_at,
        lastUsedAt: null,
        lastRotatedAt: null,
        lastTestedAt: null,
        lastTestOk: null,
        createdBy: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A Stripe key becomes primary (payments leave the stand-in) only when the administrator asks.
    if (!PRIMARY_ONLY_WHEN_ASKED.includes(integration)) await ensurePrimary(trx, integration);
    return row.id;
  });
  return toApiKeyView(await db.selectFrom('apiKeys').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
}

/**
 * Activate or deactivate. Deactivating the primary hands primary to the next active key;
 * activating a key gives it primary when the integration has none. An expired key stays expired.
 */
export async function setApiKeyStatus(
  db: Db,
  id: string | undefined,
  status: 'active' | 'inactive',
): Promise<ApiKeyView> {
  const key = await findKey(db, id);
  await db.transaction().execute(async (trx) => {
    await lockIntegration(trx, key.integrationType);
    const fresh = await findKey(trx, key.id);
    // A key past its expiry date is refused before a rotation has marked it expired, too.
    if (status === 'active' && fresh.expiresAt && fresh.expiresAt.getTime() <= Date.now())
      throw conflict(apiKeyExpiredMessage(fresh.expiresAt));
    const next = transition(
      API_KEY_MACHINE,
      fresh.status,
      status === 'active' ? 'activate' : 'deactivate',
      (sentence) => (fresh.expiresAt ? apiKeyExpiredMessage(fresh.expiresAt) : sentence),
    );
    await trx
      .updateTable('apiKeys')
      .set({ status: next, ...(next === 'inactive' ? { isPrimary: false } : {}), updatedAt: sql`now()` })
      .where('id', '=', fresh.id)
      .execute();
    await ensurePrimary(trx, fresh.integrationType);
  });
  return toApiKeyView(await findKey(db, key.id));
}

/**
 * A key replaced in place: a rotated secret or token goes in without losing
 * the key's priority, limits or primary role. Its last test is forgotten: it tests a key no
 * longer stored. SMTP keeps its server settings.
 */
export async function replaceApiKey(db: Db, id: string | undefined, input: ApiKeyReplace): Promise<ApiKeyView> {
  const key = await findKey(db, id);
  // What the key must look like depends on its integration (Google Analytics: a measurement ID).
  const checked = apiKeyReplaceFor(key.integrationType).safeParse(input);
  if (!checked.success) throw badRequest(checked.error.issues[0]?.message ?? 'Check the key');
  const form = checked.data;
  if (key.integrationType === 'smtp' && form.api_secret === null && key.apiSecretEncrypted === null) {
    throw badRequest('Password is required for SMTP');
  }
  const apiKeyEncrypted = encryptSecret(form.api_key);
  const apiSecretEncrypted = form.api_secret === null ? undefined : encryptSecret(form.api_secret);
  await db
    .updateTable('apiKeys')
    .set({
      apiKeyEncrypted,
      apiKeyMasked: keyIsPublic(key.integrationType) ? form.api_key : maskSecret(form.api_key),
      ...(apiSecretEncrypted === undefined ? {} : { apiSecretEncrypted }),
      ...(form.key_name ? { keyName: form.key_name } : {}),
      lastTestedAt: null,
      lastTestOk: null,
      updatedAt: sql`now()`,
    })
    .where('id', '=', key.id)
    .execute();
  return toApiKeyView(await findKey(db, key.id));
}

/**
 * A key removed for good (the console asks first). When it was the primary, the next active key
 * in rotation order becomes primary; the answer says which, or that none is left.
 */
export async function deleteApiKey(db: Db, id: string | undefined): Promise<string> {
  const key = await findKey(db, id);
  const label = integrationLabel(key.integrationType);
  return db.transaction().execute(async (trx) => {
    await lockIntegration(trx, key.integrationType);
    const fresh = await findKey(trx, key.id);
    await trx.deleteFrom('apiKeys').where('id', '=', fresh.id).execute();
    await ensurePrimary(trx, fresh.integrationType);
    const primary = (await keysOf(trx, fresh.integrationType)).find((k) => k.isPrimary);
    if (!fresh.isPrimary) return `"${fresh.keyName}" removed.`;
    return primary
      ? `"${fresh.keyName}" removed: "${primary.keyName}" is now the primary ${label} key.`
      : `"${fresh.keyName}" removed: no active ${label} key is left.`;
  });
}
