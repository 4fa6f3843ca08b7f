import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_KEY_MESSAGES } from '../../src/contract/admin-api-keys.ts';
import { credentialsFor } from '../../src/features/integrations/api-keys.server.ts';
import type { Db } from '../../src/server/db/client.ts';
import { encryptSecret } from '../../src/server/crypto.server.ts';
import { call } from '../helpers/api.ts';
import { useIsolatedDatabase } from '../helpers/isolated-db.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';

// Stripe keys in the console: only a secret (sk_) or restricted (rk_) key with its webhook signing
// secret (whsec_) is saved; it becomes the primary key (payments leave the stand-in) only when the
// administrator asks; the Test button names the part that is wrong. Its own database: the primary
// key is global.

let db: Db;
let admin: TestUser;

beforeAll(async () => {
  db = await useIsolatedDatabase();
  admin = await createUser('admin');
});
afterAll(async () => {
  await db.destroy();
});

function addStripeKey(fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ key_name: 'Stripe', ...fields })) form.set(k, v);
  return call('POST', '/api/admin/config/api-keys?integration_type=stripe', { rawBody: form, token: admin.token });
}
const stripeKeys = () =>
  db.selectFrom('apiKeys').select(['keyName', 'isPrimary']).where('integrationType', '=', 'stripe').execute();

describe('Stripe keys in the console', () => {
  it('refuses a publishable key, and a secret key without its webhook secret, saying which part is wrong', async () => {
    const publishable = await addStripeKey({ api_key: 'pk_test_51Publishable0123456789' });
    expect(publishable.status).toBe(400);
    expect(publishable.body.detail).toContain(STRIPE_KEY_MESSAGES.notSecretKey);
    const noWebhook = await addStripeKey({ api_key: 'sk_test_51Secret0123456789' });
    expect(noWebhook.status).toBe(400);
    expect(noWebhook.body.detail).toContain(STRIPE_KEY_MESSAGES.webhookSecretRequired);
    const badWebhook = await addStripeKey({ api_key: 'sk_test_51Secret0123456789', api_secret: 'not-a-whsec' });
    expect(badWebhook.status).toBe(400);
    expect(badWebhook.body.detail).toContain(STRIPE_KEY_MESSAGES.webhookSecretFormat);
    expect(await stripeKeys()).toEqual([]);
  });

  it('saves a secret or restricted key with its webhook secret, primary only when asked', async () => {
    const plain = await addStripeKey({ api_key: 'sk_test_51Secret0123456789', api_secret: 'whsec_abc123' });
    expect(plain.status, plain.text).toBe(200);
    expect(plain.body.data.is_primary).toBe(false);
    // Payments keep the stand-in: no primary Stripe key.
    expect(await credentialsFor(db, 'stripe')).toBeNull();
    const restricted = await addStripeKey({
      key_name: 'Restricted',
      api_key: 'rk_test_51Restricted0123456789',
      api_secret: 'whsec_def456',
      is_primary: 'true',
    });
    expect(restricted.status, restricted.text).toBe(200);
    expect(restricted.body.data.is_primary).toBe(true);
    expect((await credentialsFor(db, 'stripe'))?.keyName).toBe('Restricted');
    // A replacement is held to the same rule.
    const replaced = await callRoute(ROUTES.adminApiKeyReplace, {
      params: { id: plain.body.data.id },
      body: { api_key: 'pk_live_51Publishable0123456789' },
      as: admin,
    });
    expect(replaced.status).toBe(400);
    expect(detailOf(replaced)).toContain(STRIPE_KEY_MESSAGES.notSecretKey);
  });

  it('the Test button says which part of a stored key is wrong', async () => {
    // As a key saved before the rule: a publishable key without a webhook secret.
    const row = await db
      .insertInto('apiKeys')
      .values({
        integrationType: 'stripe',
        keyName: 'Old publishable',
        apiKeyEncrypted: encryptSecret('pk_test_51Old0123456789'),
        apiKeyMasked: 'pk_t••••6789',
        apiSecretEncrypted: null,
        isPrimary: false,
        priority: 50,
        dailyLimit: null,
        monthlyLimit: null,
        additionalConfig: '{}',
        expiresAt: null,
        lastUsedAt: null,
        lastRotatedAt: null,
        lastTestedAt: null,
        lastTestOk: null,
        createdBy: admin.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tested = await callRoute(ROUTES.adminTestIntegration, {
      params: { integration: 'stripe' },
      query: { key_id: row.id },
      as: admin,
    });
    expect(tested.status).toBe(200);
    expect(tested.body.success).toBe(false);
    expect(tested.body.message).toContain(STRIPE_KEY_MESSAGES.notSecretKey);
    expect(tested.body.message).toContain(STRIPE_KEY_MESSAGES.webhookSecretRequired);
  });
});
