import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContentLibrary } from '../../src/features/blog/content-library.server.ts';
import { encryptSecret } from '../../src/server/crypto.server.ts';
import type { Db } from '../../src/server/db/client.ts';
import { moveApolloSetting } from '../../src/server/db/migrations/0030_console_lists.ts';
import { api, call } from '../helpers/api.ts';
import { FAKE_CREDENTIALS, startFakeProviders, type FakeProviders } from '../helpers/fake-providers.ts';
import { useIsolatedDatabase } from '../helpers/isolated-db.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';

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
    const keys = await callRoute(ROUTES.adminApiKeys, { params: { integration: 'apollo' }, as: admin });
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
    const search = await callRoute(ROUTES.marketingSearch, {
      body: { keywords: ['chief pilot'], states: [], roles: ['pilot'], quantity: 5 },
      as: admin,
    });
    expect(search.status).toBe(200);
    expect(fake.requests.at(-1)?.headers['x-api-key']).toBe(FAKE_CREDENTIALS.apollo.key);
    const test = await callRoute(ROUTES.adminTestIntegration, { params: { integration: 'apollo' }, as: admin });
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
    await callRoute(ROUTES.adminTestIntegration, {
      params: { integration: 'twilio' },
      query: { key_id: first.id },
      as: admin,
    });

    const replaced = await callRoute(ROUTES.adminApiKeyReplace, {
      params: { id: first.id },
      body: { api_key: FAKE_CREDENTIALS.twilio.sid, api_secret: FAKE_CREDENTIALS.twilio.token },
      as: admin,
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toMatchObject({
      id: first.id,
      key_name: 'Main',
      is_primary: true,
      priority: first.priority,
      last_test_ok: null,
    });
    expect(replaced.body.data.api_key).not.toBe(first.api_key);
    const test = await callRoute(ROUTES.adminTestIntegration, {
      params: { integration: 'twilio' },
      query: { key_id: first.id },
      as: admin,
    });
    expect(test.body.success).toBe(true);
    expect(
      (await callRoute(ROUTES.adminApiKeyReplace, { params: { id: first.id }, body: { api_key: '' }, as: admin }))
        .status,
    ).toBe(400);

    const removed = await callRoute(ROUTES.adminApiKeyDelete, { params: { id: first.id }, as: admin });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('"Main" removed: "Spare" is now the primary Twilio key.');
    const left = (await callRoute(ROUTES.adminApiKeys, { params: { integration: 'twilio' }, as: admin })).body.data;
    expect(left).toEqual([expect.objectContaining({ id: second.id, is_primary: true })]);
    expect((await callRoute(ROUTES.adminApiKeyDelete, { params: { id: first.id }, as: admin })).status).toBe(404);
    const pilot = await createUser('pilot');
    expect((await callRoute(ROUTES.adminApiKeyDelete, { params: { id: second.id }, as: pilot })).status).toBe(403);
  });
});

describe('marketing figures', () => {
  it('counts every search, sample ones marked, and says how many site leads there are', async () => {
    const before = (await callRoute(ROUTES.marketingAnalytics, { as: admin })).body.data;
    const res = await callRoute(ROUTES.marketingSearch, {
      body: { keywords: ['owner'], states: [], roles: ['pilot'], quantity: 5, test_mode: true },
      as: admin,
    });
    expect(res.status).toBe(200);
    expect(
      (
        await callRoute(ROUTES.leadCapture, {
          body: {
            firstName: 'Site',
            email: 'site-lead@example.com',
            source: 'popup_discount_offer',
          },
        })
      ).status,
    ).toBe(200);
    const after = (await callRoute(ROUTES.marketingAnalytics, { as: admin })).body.data;
    expect(after.total_searches - before.total_searches).toBe(1);
    expect(after.sample_searches! - before.sample_searches!).toBe(1);
    expect(after.total_leads).toBe(before.total_leads);
    expect(after.site_leads! - before.site_leads!).toBe(1);
  });
});

describe('blog: views and addresses kept', () => {
  const post = async (title: string, published = true) =>
    (
      await callRoute(ROUTES.blogAdminCreate, {
        body: { title, category: 'Tips', content: '<p>Body text.</p>', published },
        as: admin,
      })
    ).body.data as { id: string; slug: string };

  it('Generate Professional Content keeps the views of an article at the same address', async () => {
    const library = loadContentLibrary();
    await callRoute(ROUTES.blogAdminGenerate, { as: admin });
    const slug = library[0]!.slug;
    for (let i = 0; i < 3; i += 1)
      expect((await callRoute(ROUTES.blogPostView, { params: { slug } })).status).toBe(200);
    await callRoute(ROUTES.blogAdminGenerate, { as: admin });
    const views = await db.selectFrom('blogPosts').select('views').where('slug', '=', slug).executeTakeFirstOrThrow();
    expect(views.views).toBe(3);
  });

  it('counts a read once per visitor per day, without a cookie, and shows the cards the true number', async () => {
    const article = await post('Once a day');
    const read = (ip: string, ua = 'Mozilla/5.0 Test') =>
      callRoute(ROUTES.blogPostView, { params: { slug: article.slug }, ip, headers: { 'user-agent': ua } });
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
    expect((await callRoute(ROUTES.blogViewCounts)).status).toBe(400);
    expect(
      (
        await callRoute(ROUTES.blogViewCounts, {
          query: { slugs: Array.from({ length: 25 }, (_, i) => `s${i}`).join(',') },
        })
      ).status,
    ).toBe(400);
  });

  it('restores a post at its own address, or says which post has it now and keeps it in the trash', async () => {
    const original = await post('Hangar checklist');
    expect((await callRoute(ROUTES.blogAdminDelete, { params: { id: original.id }, as: admin })).status).toBe(200);
    const taker = await post('Hangar checklist');
    expect(taker.slug).toBe(original.slug);
    const refused = await callRoute(ROUTES.blogAdminRestore, { params: { id: original.id }, as: admin });
    expect(refused.status).toBe(409);
    expect(detailOf(refused)).toBe(
      `This post cannot go back to its address /blog/${original.slug}: the post “Hangar checklist” has it now. Move that post to the trash first, then restore this one.`,
    );
    const trash = (await callRoute(ROUTES.blogAdminPosts, { query: { status: 'trash' }, as: admin })).body
      .data as Array<{
      id: string;
    }>;
    expect(trash.map((p) => p.id)).toContain(original.id);
    expect(
      await db.selectFrom('blogPosts').select('slug').where('slug', 'like', `${original.slug}-%`).execute(),
    ).toHaveLength(0);

    await callRoute(ROUTES.blogAdminDelete, { params: { id: taker.id }, as: admin });
    const back = await callRoute(ROUTES.blogAdminRestore, { params: { id: original.id }, as: admin });
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ id: original.id, slug: original.slug });
  });

  it('a save after the post was deleted elsewhere says why', async () => {
    const stale = await post('Stale tab', false);
    await callRoute(ROUTES.blogAdminDelete, { params: { id: stale.id }, as: admin });
    const res = await callRoute(ROUTES.blogAdminUpdate, {
      params: { id: stale.id },
      body: { title: 'Stale tab, edited', category: 'Tips', content: '<p>New text.</p>', published: false },
      as: admin,
    });
    expect(res.status).toBe(404);
    expect(detailOf(res)).toMatch(
      /^This post was deleted \(in another tab or by another administrator\) and is in the trash\./,
    );
  });
});
