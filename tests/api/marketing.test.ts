import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, uniqueEmail } from '../helpers/api.ts';
import { testDb } from '../helpers/db.ts';
import { FAKE_CREDENTIALS, startFakeProviders, type FakeProviders } from '../helpers/fake-providers.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';

// This file owns the marketing_leads and lead_searches tables of the shared database: its tests
// run in order and compare analytics before and after.

let admin: TestUser;
let fake: FakeProviders;
const savedEnv = { ...process.env };
const run = `${process.pid}${Date.now()}`;

function person(n: number, over: Record<string, unknown> = {}) {
  return {
    id: `apollo-${run}-${n}`,
    first_name: `Lee${n}`,
    last_name: 'Tester',
    title: 'Chief Pilot',
    email: `lee${n}.${run}@example.com`,
    linkedin_url: `https://www.linkedin.com/in/lee-${run}-${n}`,
    city: 'Austin',
    state: 'Texas',
    organization: { name: `Air ${n}` },
    phone_numbers: [{ sanitized_number: '+15125550100' }],
    ...over,
  };
}
const search = (body: unknown) => callRoute(ROUTES.marketingSearch, { unchecked: body, as: admin });

beforeAll(async () => {
  admin = await createUser('admin');
  fake = await startFakeProviders({ slowMs: 1500 });
  Object.assign(process.env, fake.env());
  delete process.env['APOLLO_API_KEY'];
});
afterAll(async () => {
  process.env = savedEnv;
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  delete process.env['APOLLO_API_KEY'];
});

describe('keywords and states', () => {
  it('suggests aviation keywords by role and lists the 50 states', async () => {
    const kw = await callRoute(ROUTES.marketingKeywords, { as: admin });
    expect(kw.status).toBe(200);
    expect(Object.keys(kw.body.data).sort()).toEqual(['general', 'mechanic', 'pilot']);
    expect(kw.body.data.mechanic).toContain('A&P mechanic');
    expect(kw.body.data.pilot.length).toBeGreaterThanOrEqual(5);
    const states = await callRoute(ROUTES.marketingStates, { as: admin });
    expect(states.body.data).toHaveLength(50);
    expect(states.body.data[4]).toEqual({ code: 'CA', name: 'California' });
  });
});

describe('POST /api/apollo/search validation and samples', () => {
  it('requires a keyword and a quantity of 1-100', async () => {
    for (const body of [{}, { keywords: [] }, { keywords: ['  ', ''] }]) {
      const res = await search(body);
      expect(res.status).toBe(400);
      expect(detailOf(res)).toBe('Please add at least one keyword');
    }
    const tooMany = await search({ keywords: ['pilot'], quantity: 101 });
    expect(tooMany.status).toBe(400);
    expect(detailOf(tooMany)).toBe('Maximum results must be between 1 and 100');
    const badState = await search({ keywords: ['pilot'], states: ['Ontario'] });
    expect(badState.status).toBe(400);
    const badRole = await search({ keywords: ['pilot'], roles: ['astronaut'] });
    expect(badRole.status).toBe(400);
    const notJson = await callRoute(ROUTES.marketingSearch, {
      as: admin,
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
  });

  it('answers 5 marked sample leads in test mode and saves nothing', async () => {
    const before = await callRoute(ROUTES.marketingAnalytics, { as: admin });
    const res = await search({
      keywords: ['chief pilot'],
      states: ['CA'],
      roles: ['pilot'],
      quantity: 10,
      test_mode: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toBe('Test mode: 5 sample leads generated. Nothing was saved.');
    expect(res.body.leads).toHaveLength(5);
    for (const lead of res.body.leads) {
      expect(lead.status).toBe('sample');
      expect(lead.companyName).toMatch(/^\(Sample\) /);
      expect(lead.state).toBe('CA');
      expect(lead.leadScore).toBeGreaterThanOrEqual(0);
      expect(lead.leadScore).toBeLessThanOrEqual(100);
    }
    expect(fake.requests).toHaveLength(0);
    const after = await callRoute(ROUTES.marketingAnalytics, { as: admin });
    expect(after.body.data.total_leads).toBe(before.body.data.total_leads);
    // A sample search is a search, counted apart as sample.
    expect(after.body.data.total_searches - before.body.data.total_searches).toBe(1);
    expect(after.body.data.sample_searches! - before.body.data.sample_searches!).toBe(1);
  });

  it('answers samples when no Apollo key is configured', async () => {
    const res = await search({ keywords: ['A&P mechanic'], roles: ['mechanic'] });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/^No Apollo API key is configured/);
    expect(res.body.leads.every((l) => l.status === 'sample' && l.leadType === 'mechanic')).toBe(true);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('POST /api/apollo/search against Apollo', () => {
  it('calls the People API Search with the key, saves scored leads once and records the search', async () => {
    process.env['APOLLO_API_KEY'] = FAKE_CREDENTIALS.apollo.key;
    const before = (await callRoute(ROUTES.marketingAnalytics, { as: admin })).body.data;
    fake.apolloPeople = [
      person(1),
      person(2, { email: null, phone_numbers: [], title: 'Avionics Technician', state: 'Florida' }),
      person(3, { email: `lee1.${run}@example.com`, linkedin_url: null }), // same email as person 1 in one answer
      { title: 'No name' },
    ];
    const res = await search({
      keywords: ['chief pilot', 'avionics'],
      states: ['TX', 'FL'],
      roles: ['pilot', 'mechanic'],
      quantity: 25,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Found 2 leads: 2 new saved.' });
    const req = fake.requests[0]!;
    expect(req).toMatchObject({ provider: 'apollo', method: 'POST', path: '/api/v1/mixed_people/api_search' });
    expect(req.headers['x-api-key']).toBe(FAKE_CREDENTIALS.apollo.key);
    expect(req.query.getAll('person_titles[]')).toEqual(['chief pilot', 'avionics']);
    expect(req.query.getAll('person_locations[]')).toEqual(['Texas, US', 'Florida, US']);
    expect(req.query.get('per_page')).toBe('25');

    const lee1 = res.body.leads.find((l) => l.firstName === 'Lee1');
    expect(lee1).toMatchObject({
      fullName: 'Lee1 Tester',
      companyName: 'Air 1',
      state: 'TX',
      leadType: 'pilot',
      leadScore: 100,
      status: 'new',
      tags: [],
    });
    const lee2 = res.body.leads.find((l) => l.firstName === 'Lee2');
    // base 10 + title keyword 30 + state 10 + company 10 + LinkedIn 5, no email, no phone
    expect(lee2).toMatchObject({ leadType: 'mechanic', leadScore: 65, email: null });

    // The same people again: nothing new.
    const again = await search({
      keywords: ['chief pilot', 'avionics'],
      states: ['TX', 'FL'],
      roles: ['pilot', 'mechanic'],
    });
    expect(again.body.message).toBe('Found 2 leads: 0 new saved, 2 already in your list.');
    const stored = await testDb()
      .selectFrom('marketingLeads')
      .select('id')
      .where('externalId', 'like', `apollo-${run}-%`)
      .execute();
    expect(stored).toHaveLength(2);
    const searches = await testDb()
      .selectFrom('leadSearches')
      .selectAll()
      .where('createdBy', '=', admin.id)
      // The sample searches of the tests before are counted too, marked sample.
      .where('sample', '=', false)
      .orderBy('createdAt')
      .execute();
    expect(searches.map((s) => [s.resultsCount, s.savedCount])).toEqual([
      [2, 2],
      [2, 0],
    ]);
    expect(searches[0]).toMatchObject({
      keywords: ['chief pilot', 'avionics'],
      states: ['TX', 'FL'],
      roles: ['pilot', 'mechanic'],
      quantity: 25,
    });

    const after = (await callRoute(ROUTES.marketingAnalytics, { as: admin })).body.data;
    expect(after.total_leads - before.total_leads).toBe(2);
    expect(after.total_searches - before.total_searches).toBe(2);
  });

  it('reads the primary Apollo key of API Keys before the environment (moved there from Settings)', async () => {
    process.env['APOLLO_API_KEY'] = 'env-key-that-apollo-refuses';
    const form = new FormData();
    form.append('key_name', 'Apollo');
    form.append('api_key', FAKE_CREDENTIALS.apollo.key);
    const added = await call('POST', '/api/admin/config/api-keys?integration_type=apollo', {
      rawBody: form,
      token: admin.token,
    });
    try {
      expect(added.status).toBeLessThan(300);
      expect(added.body.data).toMatchObject({ integration_type: 'apollo', is_primary: true });
      fake.apolloPeople = [person(9, { email: null, linkedin_url: `https://www.linkedin.com/in/setting-${run}` })];
      const res = await search({ keywords: ['chief pilot'] });
      expect(res.status).toBe(200);
      expect(fake.requests[0]!.headers['x-api-key']).toBe(FAKE_CREDENTIALS.apollo.key);
    } finally {
      await testDb().deleteFrom('apiKeys').where('integrationType', '=', 'apollo').execute();
    }
  });

  it('turns Apollo failures into a Search failed detail, never a 500', async () => {
    process.env['APOLLO_API_KEY'] = 'wrong-key';
    const rejected = await search({ keywords: ['pilot'] });
    expect(rejected.status).toBe(502);
    expect(detailOf(rejected)).toBe('Search failed: Apollo rejected the API key');

    process.env['APOLLO_API_KEY'] = FAKE_CREDENTIALS.apollo.key;
    fake.modes.apollo = 'rate_limited';
    const limited = await search({ keywords: ['pilot'] });
    expect(limited.status).toBe(502);
    expect(detailOf(limited)).toBe('Search failed: Apollo rate limit reached, please try again later');
    expect(limited.headers.get('retry-after')).toBe('30');

    // A short wait for this call only: the other calls keep the product's 10 s, so a busy machine
    // that answers the stand-in in half a second does not fail them.
    fake.modes.apollo = 'slow';
    process.env['PROVIDER_TIMEOUT_MS'] = '300';
    const slow = await search({ keywords: ['pilot'] }).finally(() => delete process.env['PROVIDER_TIMEOUT_MS']);
    expect(slow.status).toBe(502);
    expect(detailOf(slow)).toBe('Search failed: Apollo did not answer within 0.3 seconds');

    fake.modes.apollo = 'server_error';
    const down = await search({ keywords: ['pilot'] });
    expect(down.status).toBe(502);
    expect(detailOf(down)).toBe('Search failed: Apollo had a server error (HTTP 503)');

    process.env['APOLLO_API_BASE'] = 'http://127.0.0.1:9';
    const unreachable = await search({ keywords: ['pilot'] });
    expect(unreachable.status).toBe(502);
    expect(detailOf(unreachable)).toBe('Search failed: Apollo could not be reached');
    process.env['APOLLO_API_BASE'] = fake.url;
  });
});

describe('leads list, tags and analytics', () => {
  async function insertLead(over: Record<string, unknown>) {
    return testDb()
      .insertInto('marketingLeads')
      .values({
        firstName: 'Known',
        lastName: 'Lead',
        fullName: 'Known Lead',
        title: 'Owner',
        companyName: null,
        email: uniqueEmail('known'),
        phone: null,
        city: null,
        state: null,
        linkedinUrl: null,
        leadType: 'general',
        leadScore: 50,
        externalId: null,
        searchId: null,
        ...over,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  it('computes the analytics figures on known data', async () => {
    const before = (await callRoute(ROUTES.marketingAnalytics, { as: admin })).body.data;
    await insertLead({ leadType: 'pilot', leadScore: 90, state: 'WY' });
    await insertLead({ leadType: 'pilot', leadScore: 60, state: 'WY' });
    await insertLead({
      leadType: 'mechanic',
      leadScore: 30,
      state: 'VT',
      createdAt: new Date(Date.now() - 40 * 24 * 3600 * 1000),
    });
    const after = (await callRoute(ROUTES.marketingAnalytics, { as: admin })).body.data;
    expect(after.total_leads - before.total_leads).toBe(3);
    expect(after.recent_leads - before.recent_leads).toBe(2);
    expect(after.total_searches).toBe(before.total_searches);
    const count = (list: { _id: string; count: number }[], id: string) => list.find((b) => b._id === id)?.count ?? 0;
    expect(count(after.leads_by_type, 'pilot') - count(before.leads_by_type, 'pilot')).toBe(2);
    expect(count(after.leads_by_type, 'mechanic') - count(before.leads_by_type, 'mechanic')).toBe(1);
    expect(count(after.leads_by_state, 'WY') - count(before.leads_by_state, 'WY')).toBe(2);
    const expectedAverage = (before.average_lead_score * before.total_leads + 180) / after.total_leads;
    expect(after.average_lead_score).toBeCloseTo(expectedAverage, 0);
    const all = await testDb().selectFrom('marketingLeads').select('leadScore').execute();
    const exact = all.reduce((a, r) => a + r.leadScore, 0) / all.length;
    expect(after.average_lead_score).toBe(Math.round(exact * 10) / 10);
  });

  it('lists leads 100 per page, newest first', async () => {
    const newest = await insertLead({ firstName: 'Newest' });
    const res = await callRoute(ROUTES.marketingLeads, { query: { per_page: '100' }, as: admin });
    expect(res.status).toBe(200);
    expect(res.body.data[0]!.id).toBe(newest.id);
    expect(res.body.pagination).toMatchObject({ page: 1, per_page: 100 });
    expect(Object.keys(res.body.data[0]!).sort()).toEqual(
      [
        'city',
        'companyName',
        'createdAt',
        'email',
        'firstName',
        'fullName',
        'id',
        'lastName',
        'leadScore',
        'leadType',
        'linkedinUrl',
        'phone',
        'state',
        'status',
        'tags',
        'title',
      ].sort(),
    );
    expect((await callRoute(ROUTES.marketingLeads, { query: { per_page: '101' }, as: admin })).status).toBe(400);
    expect((await callRoute(ROUTES.marketingLeads, { query: { page: '0' }, as: admin })).status).toBe(400);
  });

  it('adds tags to the selected leads without duplicates', async () => {
    const a = await insertLead({ tags: ['existing'] });
    const b = await insertLead({});
    const res = await callRoute(ROUTES.marketingTags, {
      body: { lead_ids: [a.id, b.id], tags: ['Hot', ' hot ', 'Texas', ''] },
      as: admin,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, updated: 2 });
    await callRoute(ROUTES.marketingTags, { body: { lead_ids: [a.id], tags: ['EXISTING', 'cfi'] }, as: admin });
    const rows = await testDb()
      .selectFrom('marketingLeads')
      .select(['id', 'tags'])
      .where('id', 'in', [a.id, b.id])
      .execute();
    expect(rows.find((r) => r.id === a.id)!.tags).toEqual(['existing', 'Hot', 'Texas', 'cfi']);
    expect(rows.find((r) => r.id === b.id)!.tags).toEqual(['Hot', 'Texas']);

    const noTags = await callRoute(ROUTES.marketingTags, { body: { lead_ids: [a.id], tags: [' '] }, as: admin });
    expect(noTags.status).toBe(400);
    expect(detailOf(noTags)).toBe('Add at least one tag');
    const badId = await callRoute(ROUTES.marketingTags, { body: { lead_ids: ['x'], tags: ['a'] }, as: admin });
    expect(badId.status).toBe(400);
    const none = await callRoute(ROUTES.marketingTags, { body: { lead_ids: [], tags: ['a'] }, as: admin });
    expect(detailOf(none)).toBe('Select at least one lead');
    const gone = await callRoute(ROUTES.marketingTags, {
      body: { lead_ids: ['00000000-0000-4000-8000-000000000000'], tags: ['a'] },
      as: admin,
    });
    expect(gone.status).toBe(404);
  });
});
