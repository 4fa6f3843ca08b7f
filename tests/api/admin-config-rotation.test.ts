import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDb } from '../helpers/db.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';

// Rotation owns the google_analytics keys of the shared database (the other key suites use other integrations).
const INTEGRATION = 'google_analytics';
let admin: TestUser;

async function add(name: string, priority: number, extra: Record<string, unknown> = {}) {
  const res = await callRoute(ROUTES.adminApiKeyCreate, {
    query: { integration_type: INTEGRATION },
    body: { key_name: name, api_key: `G-ROT${name.toUpperCase().replace(/[^A-Z0-9]/g, '')}01`, priority, ...extra },
    as: admin,
  });
  expect(res.status).toBe(200);
  return res.body.data as { id: string };
}
const rotate = (batch = 3) =>
  callRoute(ROUTES.adminApiKeyRotate, {
    params: { integration: INTEGRATION },
    query: { batch_size: batch },
    as: admin,
  });
async function keys() {
  const res = await callRoute(ROUTES.adminApiKeys, { params: { integration: INTEGRATION }, as: admin });
  return res.body.data as {
    id: string;
    key_name: string;
    is_primary: boolean;
    status: string;
    usage_count: number;
    last_rotated_at: string | null;
  }[];
}
const primary = async () => (await keys()).find((k) => k.is_primary)?.key_name;

beforeAll(async () => {
  admin = await createUser('admin');
});
beforeEach(async () => {
  await testDb().deleteFrom('apiKeys').where('integrationType', '=', INTEGRATION).execute();
});

describe('POST /api/admin/config/api-keys/{integration}/rotate', () => {
  it('moves the primary to the next active key by priority, within batch_size keys, and wraps around', async () => {
    await add('P1', 1);
    await add('P2', 2);
    await add('P3', 3);
    await add('P4', 4);
    expect(await primary()).toBe('P1');

    const first = await rotate();
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      message: 'Rotated Google Analytics keys: "P2" is now primary (rotation pool of 3).',
    });
    expect(await primary()).toBe('P2');
    await rotate();
    expect(await primary()).toBe('P3');
    await rotate(); // P4 is outside the pool of 3: back to P1
    expect(await primary()).toBe('P1');
    await rotate(4);
    await rotate(4);
    await rotate(4);
    expect(await primary()).toBe('P4');
  });

  it('skips inactive keys and resets the usage counter of the new primary', async () => {
    await add('A', 1);
    const b = await add('B', 2);
    await add('C', 3);
    await callRoute(ROUTES.adminApiKeyStatus, { params: { id: b.id }, query: { status: 'inactive' }, as: admin });
    await testDb().updateTable('apiKeys').set({ usageCount: 42 }).where('integrationType', '=', INTEGRATION).execute();
    await rotate();
    const after = await keys();
    const c = after.find((k) => k.key_name === 'C')!;
    expect(c).toMatchObject({ is_primary: true, usage_count: 0 });
    expect(c.last_rotated_at).not.toBeNull();
    expect(after.find((k) => k.key_name === 'A')).toMatchObject({
      is_primary: false,
      usage_count: 42,
      status: 'active',
    });
  });

  it('expires keys past their expiry date before rotating', async () => {
    await add('Old', 1);
    const stale = await add('Stale', 2, { expires_at: '2099-01-01' });
    await add('New', 3);
    await testDb()
      .updateTable('apiKeys')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', stale.id)
      .execute();
    const res = await rotate();
    expect(res.body.message).toBe(
      'Rotated Google Analytics keys: "New" is now primary (rotation pool of 2). 1 expired key retired.',
    );
    expect((await keys()).find((k) => k.id === stale.id)).toMatchObject({ status: 'expired', is_primary: false });
    const reactivate = await callRoute(ROUTES.adminApiKeyStatus, {
      params: { id: stale.id },
      query: { status: 'active' },
      as: admin,
    });
    expect(reactivate.status).toBe(409);
  });

  it('keeps a single key primary and refuses when no key is active', async () => {
    const only = await add('Only', 1);
    expect((await rotate()).body.message).toBe('Only one active Google Analytics key ("Only"): it stays primary.');
    await callRoute(ROUTES.adminApiKeyStatus, { params: { id: only.id }, query: { status: 'inactive' }, as: admin });
    const none = await rotate();
    expect(none.status).toBe(409);
    expect(detailOf(none)).toBe('No active Google Analytics keys to rotate. Add or activate a key first.');
  });

  it('validates batch_size and the integration', async () => {
    await add('X', 1);
    for (const bad of ['0', 'abc', '51']) {
      const res = await rotate(bad as never);
      expect(res.status).toBe(400);
      expect(detailOf(res)).toMatch(/^batch_size must be/);
    }
    const unknown = await callRoute(ROUTES.adminApiKeyRotate, { params: { integration: 'paypal' }, as: admin });
    expect(unknown.status).toBe(400);
  });
});

describe('rotation and failed tests', () => {
  it('never promotes a key whose last test failed, and says beforehand which key becomes primary', async () => {
    const a = await add('A', 1, { is_primary: true });
    const b = await add('B', 2);
    const c = await add('C', 3);
    await testDb()
      .updateTable('apiKeys')
      .set({ lastTestOk: false, lastTestedAt: new Date() })
      .where('id', '=', b.id)
      .execute();
    const preview = await callRoute(ROUTES.adminApiKeyRotatePreview, {
      params: { integration: INTEGRATION },
      query: { batch_size: '3' },
      as: admin,
    });
    expect(preview.status).toBe(200);
    expect(preview.body.data).toEqual({
      canRotate: true,
      newPrimary: 'C',
      currentPrimary: 'A',
      skipped: ['B'],
      expiring: [],
    });
    // The preview changed nothing.
    expect(await primary()).toBe('A');
    const res = await rotate();
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/"C" is now primary.*Left out because their last test failed: "B"/);
    expect(await primary()).toBe('C');

    // Every active key failed its test: nothing is promoted, and the answer says why.
    await testDb().updateTable('apiKeys').set({ lastTestOk: false }).where('id', 'in', [a.id, c.id]).execute();
    const none = await callRoute(ROUTES.adminApiKeyRotatePreview, {
      params: { integration: INTEGRATION },
      query: { batch_size: '3' },
      as: admin,
    });
    expect(none.body.data).toMatchObject({ canRotate: false, newPrimary: null, skipped: ['A', 'B', 'C'] });
    const refused = await rotate();
    expect(refused.status).toBe(409);
    expect(detailOf(refused)).toMatch(/every active key failed its last test/);
    expect(await primary()).toBe('C');
  });
});
