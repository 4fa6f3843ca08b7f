import { sql, type Selectable } from 'kysely';
import { integrationLabel, type IntegrationType } from '../../contract/admin-config.ts';
import { decryptSecret } from '../../server/crypto.server.ts';
import type { Db, Tx } from '../../server/db/client.ts';
import type { ApiKeysTable } from '../../server/db/tables/admin.ts';
import { notFound } from '../../server/http/errors.ts';
import { isUuid } from '../../contract/ids.ts';
import { byRotationOrder } from './rotation.ts';

/**
 * An integration's keys as the code that calls it reads them (the key to use, its test's result),
 * and the row helpers the console's writes (api-key-admin) and the rotation (api-key-rotation) share.
 */
export type ApiKeyRow = Selectable<ApiKeysTable>;

export function parseConfig(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Writes to one integration's keys are serialised with a transaction-scoped advisory lock, so two
 * admins adding or rotating at once cannot both make a primary (the unique index would refuse it).
 */
export async function lockIntegration(trx: Tx, integration: IntegrationType): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`api_keys:${integration}`}))`.execute(trx);
}

export async function keysOf(db: Db, integration: IntegrationType): Promise<ApiKeyRow[]> {
  const rows = await db.selectFrom('apiKeys').selectAll().where('integrationType', '=', integration).execute();
  return rows.sort(byRotationOrder);
}

export async function findKey(db: Db, id: string | undefined): Promise<ApiKeyRow> {
  const row = isUuid(id)
    ? await db.selectFrom('apiKeys').selectAll().where('id', '=', id).executeTakeFirst()
    : undefined;
  if (!row) throw notFound('API key not found');
  return row;
}

export interface KeyCredentials {
  id: string;
  keyName: string;
  apiKey: string;
  apiSecret: string | null;
  additionalConfig: Record<string, unknown>;
}

/**
 * The key an integration call should use: the one asked for, else the primary active key.
 * Null when the integration has no usable key. Decryption errors propagate (DecryptionError).
 */
export async function credentialsFor(
  db: Db,
  integration: IntegrationType,
  keyId?: string,
): Promise<KeyCredentials | null> {
  let row: ApiKeyRow | undefined;
  if (keyId !== undefined) {
    row = await findKey(db, keyId);
    if (row.integrationType !== integration) throw notFound(`API key not found for ${integrationLabel(integration)}`);
  } else {
    row = await db
      .selectFrom('apiKeys')
      .selectAll()
      .where('integrationType', '=', integration)
      .where('status', '=', 'active')
      .where('isPrimary', '=', true)
      .executeTakeFirst();
  }
  if (!row) return null;
  return {
    id: row.id,
    keyName: row.keyName,
    apiKey: decryptSecret(row.apiKeyEncrypted),
    apiSecret: row.apiSecretEncrypted === null ? null : decryptSecret(row.apiSecretEncrypted),
    additionalConfig: parseConfig(row.additionalConfig),
  };
}

export async function recordKeyTest(db: Db, id: string, ok: boolean): Promise<void> {
  await db
    .updateTable('apiKeys')
    .set({ lastTestedAt: sql`now()`, lastTestOk: ok })
    .where('id', '=', id)
    .execute();
}
