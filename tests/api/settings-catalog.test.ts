import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_HOURS } from '../../src/contract/business-hours.ts';
import { testDb } from '../helpers/db.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';

// Every setting the console offers changes what it says it changes (
// docs/decisions/0190-settings-catalog.md).

let admin: TestUser;
const put = (category: string, key: string, value: string, extra: Record<string, string> = {}) =>
  callRoute(ROUTES.adminSettingSave, {
    params: { category, key },
    body: { setting_key: key, setting_value: value, ...extra },
    as: admin,
  });
const KEYS = ['lead_popup_enabled', 'session_hours', 'business_hours'];

beforeAll(async () => {
  admin = await createUser('admin');
});
afterAll(async () => {
  // Global settings: leave the shared database as the other suites expect it.
  await testDb().deleteFrom('systemSettings').where('settingKey', 'in', KEYS).execute();
});

describe('lead_popup_enabled', () => {
  it('is what the home page reads before offering the popup', async () => {
    expect((await callRoute(ROUTES.siteSettings)).body.data.lead_popup_enabled).toBe(true);
    expect((await put('marketing', 'lead_popup_enabled', 'false')).status).toBe(200);
    const res = await callRoute(ROUTES.siteSettings);
    expect(res.status).toBe(200);
    expect(res.body.data.lead_popup_enabled).toBe(false);
    // The CDN keeps it until a setting changes (the save purges the tag).
    expect(res.headers.get('netlify-cache-tag')).toBe('site-settings');
    expect((await put('marketing', 'lead_popup_enabled', 'TRUE')).body.data).toMatchObject({
      setting_value: 'true',
      data_type: 'boolean',
    });
    expect((await callRoute(ROUTES.siteSettings)).body.data.lead_popup_enabled).toBe(true);
  });

  it('refuses anything but on or off', async () => {
    const res = await put('marketing', 'lead_popup_enabled', 'maybe', { data_type: 'string' });
    expect(res.status).toBe(400);
    expect(detailOf(res)).toBe('Discount popup must be on (true) or off (false)');
  });
});

describe('session_hours', () => {
  const login = async (user: TestUser) => {
    const res = await callRoute(ROUTES.authLogin, { body: { email: user.email, password: user.password } });
    expect(res.status).toBe(200);
    const claims = decodeJwt(res.body.access_token as string);
    return { ttl: claims.exp! - claims.iat!, expiresIn: res.body.expires_in as number };
  };

  it('sets how long a new sign-in lasts', async () => {
    const pilot = await createUser('pilot');
    expect(await login(pilot)).toEqual({ ttl: 8 * 3600, expiresIn: 8 * 3600 });
    expect((await put('security', 'session_hours', '2')).status).toBe(200);
    expect(await login(pilot)).toEqual({ ttl: 2 * 3600, expiresIn: 2 * 3600 });
  });

  it('is a whole number of hours between 1 and 72', async () => {
    for (const [value, detail] of [
      ['0', 'Sign-in lasts must be between 1 and 72 hours'],
      ['100', 'Sign-in lasts must be between 1 and 72 hours'],
      ['1.5', 'Sign-in lasts must be a whole number of hours'],
    ] as const) {
      const res = await put('security', 'session_hours', value, { data_type: 'number' });
      expect(res.status, value).toBe(400);
      expect(detailOf(res)).toBe(detail);
    }
  });
});

describe('business_hours', () => {
  it('is a week the public site shows, in lines and as schema.org hours', async () => {
    expect((await callRoute(ROUTES.siteSettings)).body.data.business_hours).toEqual(DEFAULT_BUSINESS_HOURS);
    const week = {
      ...DEFAULT_BUSINESS_HOURS,
      fri: { open: '08:00', close: '16:30' },
      sat: { open: '09:00', close: '13:00' },
    };
    const saved = await put('general', 'business_hours', JSON.stringify(week));
    expect(saved.status).toBe(200);
    expect(saved.body.data.data_type).toBe('json');
    const site = (await callRoute(ROUTES.siteSettings)).body.data;
    expect(site.business_hours).toEqual(week);
    expect(site.business_hours_text).toEqual([
      'Mon-Thu: 7:00 AM-6:00 PM',
      'Fri: 8:00 AM-4:30 PM',
      'Sat: 9:00 AM-1:00 PM',
      'Sun: Closed',
    ]);
  });

  it('refuses a day that closes before it opens, naming the day', async () => {
    const week = { ...DEFAULT_BUSINESS_HOURS, tue: { open: '18:00', close: '07:00' } };
    const res = await put('general', 'business_hours', JSON.stringify(week));
    expect(res.status).toBe(400);
    expect(detailOf(res)).toBe('Business hours (Tuesday): Closing time must be after the opening time');
  });

  it('falls back to the default week when a stored value no longer fits', async () => {
    await testDb()
      .updateTable('systemSettings')
      .set({ settingValue: 'Mon-Fri 7-6', dataType: 'string' })
      .where('settingKey', '=', 'business_hours')
      .execute();
    expect((await callRoute(ROUTES.siteSettings)).body.data.business_hours).toEqual(DEFAULT_BUSINESS_HOURS);
  });
});
