import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContentLibrary } from '../../src/features/blog/content-library.server.ts';
import { encryptSecret } from '../../src/server/crypto.server.ts';
import type { Db } from '../../src/server/db/client.ts';
import { moveApolloSetting } from '../../src/server/db/migrations/0030_console_lists.ts';
import { api, call } from '../helpers/api.ts';
import { FAKE_CREDENTIALS, startFakeProviders, type FakeProviders } from '../helpers/fake-providers.ts';
import { useIsolatedDatabase } from '../helpers/isolated-db.ts';
import { createUser, type TestUser } from '../helpers/users.ts';

// The console's keys and blog on a database of its own (integration keys, search counts and Generate are global):
// point 3, Apollo's key under API Keys (moved from Settings), keys replaced and removed;
// point 15, every search counted and site leads said apart; point 10, Generate keeps view counts
// and Restore brings a post back at its own address or says why not; point 11, a save after the
// post was deleted elsewhere says why.

let db: Db;
let admin: TestUser;
let fake: FakeProviders;
const savedEnv = { ...process.env };

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}
const addKey = (integration: string, fields: Record<string, string>) =>
  call('POST', `/api/admin/config/api-keys?integration_type=${integration}`, {
    rawBody: form(fields),
    token: admin.token,
  });

beforeAll(async () => {
  db = await useIsolatedDatabase();
  admin = await createUser('admin');
  fake = await startFakeProviders();
  Object.assign(process.env, fake.env());
  delete process.env['APOLLO_API_KEY'];
});

afterAll(async () => {
  process.env = savedEnv;
  await fake.close();
  await db.destroy();
});

describe("Apollo's key under API Keys", () => {
  it('moves a saved apollo_api_key setting into API Keys as the primary Apollo key (migration 0030)', async () => {
    await db
      .insertInto('systemSettings')
      .values({
        category: 'marketing',
        settingKey: 'apollo_api_key',
        settingValue: encryptSecret(FAKE_CREDENTIALS.apollo.key),
        dataType: 'string',
        description: null,
        isEncrypted: true,
        updatedBy: null,
      })
      .execute();
    await moveApolloSetting(db as never);
    const keys = await api.get('/api/admin/config/api-keys/apollo', { token: admin.token });
    expect(keys.status).toBe(200);
    expect(keys.body.data).toEqual([
      expect.objectContaining({
        key_name: 'Apollo key (moved from Settings)',
        is_primary: true,
        status: 'active',
        api_key: 'apol••••••••6789',
      }),
    ]);
    expect(
      await db.selectFrom('systemSettings').select('settingKey').where('settingKey', '=', 'apollo_api_key').execute(),
    ).toHaveLength(0);

    // The lead search uses it, and its Test button checks it.
    fake.apolloPeople = [];
    const search = await api.post(
      '/api/apollo/search',
      { keywords: ['chief pilot'], states: [], roles: ['pilot'], quantity: 5 },
      { token: admin.token },
    );
    expect(search.status).toBe(200);
    expect(fake.requests.at(-1)?.headers['x-api-key']).toBe(FAKE_CREDENTIALS.apollo.key);
    const test = await api.post('/api/admin/config/test-integration/apollo', undefined, { token: admin.token });
    expect(test.body).toMatchObject({
      success: true,
      message: 'Apollo integration test passed: people search answered',
    });
  });

  it('no longer keeps the key in Settings: saving it there says where it goes', async () => {
    const put = await call('PUT', '/api/admin/config/settings/marketing/apollo_api_key', {
      rawBody: form({ setting_value: 'abc' }),
      token: admin.token,
    });
    expect(put.status).toBe(400);
    expect(put.body.detail).toMatch(/System Config > API Keys > Apollo/);
  });

  it('replaces a key in place and removes one after the question, the next key becoming primary', async () => {
    const first = (
      await addKey('twilio', {
        key_name: 'Main',
        api_key: 'AC-old-sid-0000000000',
        api_secret: 'old-token',
        is_primary: 'true',
      })
    ).body.data;
    const second = (
      await addKey('twilio', {
        key_name: 'Spare',
        api_key: FAKE_CREDENTIALS.twilio.sid,
        api_secret: FAKE_CREDENTIALS.twilio.token,
        priority: '2',
      })
    ).body.data;
    await api.post(`/api/admin/config/test-integration/twilio?key_id=${first.id}`, undefined, { token: admin.token });

    const replaced = await api.put(
      `/api/admin/config/api-keys/${first.id}`,
      { api_key: FAKE_CREDENTIALS.twilio.sid, api_secret: FAKE_CREDENTIALS.twilio.token },
      { token: admin.token },
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toMatchObject({
      id: first.id,
      key_name: 'Main',
      is_primary: true,
      priority: first.priority,
      last_test_ok: null,
    });
    expect(replaced.body.data.api_key).not.toBe(first.api_key);
    const test = await api.post(`/api/admin/config/test-integration/twilio?key_id=${first.id}`, undefined, {
      token: admin.token,
    });
    expect(test.body.success).toBe(true);
    expect(
      (await api.put(`/api/admin/config/api-keys/${first.id}`, { api_key: '' }, { token: admin.token })).status,
    ).toBe(400);

    const removed = await api.delete(`/api/admin/config/api-keys/${first.id}`, { token: admin.token });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('"Main" removed: "Spare" is now the primary Twilio key.');
    const left = (await api.get('/api/admin/config/api-keys/twilio', { token: admin.token })).body.data;
    expect(left).toEqual([expect.objectContaining({ id: second.id, is_primary: true })]);
    expect((await api.delete(`/api/admin/config/api-keys/${first.id}`, { token: admin.token })).status).toBe(404);
    const pilot = await createUser('pilot');
    expect((await api.delete(`/api/admin/config/api-keys/${second.id}`, { token: pilot.token })).status).toBe(403);
  });
});

describe('marketing figures', () => {
  it('counts every search, sample ones marked, and says how many site leads there are', async () => {
    const before = (await api.get('/api/apollo/analytics', { token: admin.token })).body.data;
    const res = await api.post(
      '/api/apollo/search',
      { keywords: ['owner'], states: [], roles: ['pilot'], quantity: 5, test_mode: true },
      { token: admin.token },
    );
    expect(res.status).toBe(200);
    expect(
      (
        await api.post('/api/leads', {
          firstName: 'Site',
          email: 'site-lead@example.com',
          source: 'popup_discount_offer',
        })
      ).status,
    ).toBe(200);
    const after = (await api.get('/api/apollo/analytics', { token: admin.token })).body.data;
    expect(after.total_searches - before.total_searches).toBe(1);
    expect(after.sample_searches - before.sample_searches).toBe(1);
    expect(after.total_leads).toBe(before.total_leads);
    expect(after.site_leads - before.site_leads).toBe(1);
  });
});

describe('blog: views and addresses kept', () => {
  const post = async (title: string, published = true) =>
    (
      await api.post(
        '/api/blog/admin/posts',
        { title, category: 'Tips', content: '<p>Body text.</p>', published },
        { token: admin.token },
      )
    ).body.data as { id: string; slug: string };

  it('Generate Professional Content keeps the views of an article at the same address', async () => {
    const library = loadContentLibrary();
    await api.post('/api/blog/admin/generate-initial-content', undefined, { token: admin.token });
    const slug = library[0]!.slug;
    for (let i = 0; i < 3; i += 1) expect((await api.post(`/api/blog/posts/${slug}/view`)).status).toBe(200);
    await api.post('/api/blog/admin/generate-initial-content', undefined, { token: admin.token });
    const views = await db.selectFrom('blogPosts').select('views').where('slug', '=', slug).executeTakeFirstOrThrow();
    expect(views.views).toBe(3);
  });

  it('counts a read once per visitor per day, without a cookie, and shows the cards the true number', async () => {
    const article = await post('Once a day');
    const read = (ip: string, ua = 'Mozilla/5.0 Test') =>
      call('POST', `/api/blog/posts/${article.slug}/view`, { ip, headers: { 'user-agent': ua } });
    expect((await read('10.9.0.1')).body.data.views).toBe(1);
    const again = await read('10.9.0.1');
    expect(again.body.data.views).toBe(1);
    expect(again.headers.get('set-cookie')).toBeNull();
    expect((await read('10.9.0.1', 'Another browser')).body.data.views).toBe(2);
    expect((await read('10.9.0.2')).body.data.views).toBe(3);
    const counts = await api.get(`/api/blog/views?slugs=${article.slug},no-such-post`);
    expect(counts.status).toBe(200);
    expect(counts.headers.get('cache-control')).toBe('no-store');
    expect(counts.body.data).toEqual({ [article.slug]: 3 });
    expect((await api.get('/api/blog/views')).status).toBe(400);
    expect(
      (await api.get(`/api/blog/views?slugs=${Array.from({ length: 25 }, (_, i) => `s${i}`).join(',')}`)).status,
    ).toBe(400);
  });

  it('restores a post at its own address, or says which post has it now and keeps it in the trash', async () => {
    const original = await post('Hangar checklist');
    expect((await api.delete(`/api/blog/admin/posts/${original.id}`, { token: admin.token })).status).toBe(200);
    const taker = await post('Hangar checklist');
    expect(taker.slug).toBe(original.slug);
    const refused = await api.post(`/api/blog/admin/posts/${original.id}/restore`, undefined, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(
      `This post cannot go back to its address /blog/${original.slug}: the post “Hangar checklist” has it now. Move that post to the trash first, then restore this one.`,
    );
    const trash = (await api.get('/api/blog/admin/posts?status=trash', { token: admin.token })).body.data as Array<{
      id: string;
    }>;
    expect(trash.map((p) => p.id)).toContain(original.id);
    expect(
      await db.selectFrom('blogPosts').select('slug').where('slug', 'like', `${original.slug}-%`).execute(),
    ).toHaveLength(0);

    await api.delete(`/api/blog/admin/posts/${taker.id}`, { token: admin.token });
    const back = await api.post(`/api/blog/admin/posts/${original.id}/restore`, undefined, { token: admin.token });
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ id: original.id, slug: original.slug });
  });

  it('a save after the post was deleted elsewhere says why', async () => {
    const stale = await post('Stale tab', false);
    await api.delete(`/api/blog/admin/posts/${stale.id}`, { token: admin.token });
    const res = await api.put(
      `/api/blog/admin/posts/${stale.id}`,
      { title: 'Stale tab, edited', category: 'Tips', content: '<p>New text.</p>', published: false },
      { token: admin.token },
    );
    expect(res.status).toBe(404);
    expect(res.body.detail).toMatch(
      /^This post was deleted \(in another tab or by another administrator\) and is in the trash\./,
    );
  });
});
