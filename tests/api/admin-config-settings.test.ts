import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, uniqueEmail } from '../helpers/api.ts';
import { testDb } from '../helpers/db.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute } from '../helpers/call-route.ts';

let admin: TestUser;
const put = (category: string, key: string, fields: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return call('PUT', `/api/admin/config/settings/${category}/${key}`, { rawBody: form, token: admin.token });
};
const unique = (name: string) => `${name}_${process.pid}_${Date.now()}`;

beforeAll(async () => {
  admin = await createUser('admin');
});
afterAll(async () => {
  // notification_email is global: leave the shared database as it was.
  await testDb().deleteFrom('systemSettings').where('settingKey', '=', 'notification_email').execute();
});

describe('PUT /api/admin/config/settings/{category}/{setting_key}', () => {
  it('saves form data and lists it by category', async () => {
    const key = unique('max_retries');
    const res = await put('payment', key, {
      category: 'payment',
      setting_key: key,
      setting_value: ' 3 ',
      data_type: 'number',
      description: 'Retries',
      is_encrypted: 'false',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      category: 'payment',
      setting_key: key,
      setting_value: '3',
      data_type: 'number',
      description: 'Retries',
      is_encrypted: false,
    });
    const list = await callRoute(ROUTES.adminSettings, { params: { category: 'payment' }, as: admin });
    expect(list.body.data.find((s) => s.setting_key === key)).toMatchObject({ setting_value: '3' });
    const all = await callRoute(ROUTES.adminSettingsAll, { as: admin });
    expect(all.body.data.find((x) => x.setting_key === key)).toMatchObject({
      category: 'payment',
      setting_value: '3',
    });
    const again = await put('payment', key, { setting_key: key, setting_value: '5', data_type: 'number' });
    expect(again.body.data.setting_value).toBe('5');
    expect(
      await testDb().selectFrom('systemSettings').select('settingValue').where('settingKey', '=', key).execute(),
    ).toEqual([{ settingValue: '5' }]);
  });

  it('checks values against their data type', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ setting_value: 'abc', data_type: 'number' }, 'A number setting needs a numeric value, not "abc"'],
      [{ setting_value: 'yes', data_type: 'boolean' }, 'A boolean setting must be true or false'],
      [
        { setting_value: '{not json', data_type: 'json' },
        'A json setting must be valid JSON, e.g. {"enabled": true} or [1, 2]',
      ],
      [{ setting_value: 'x', data_type: 'date' }, 'Data type must be one of: string, number, boolean, json'],
      [{ setting_value: '' }, 'Setting value is required'],
      [{ setting_value: 'x', category: 'general' }, 'category: the body says general but the URL says marketing'],
    ];
    for (const [fields, detail] of cases) {
      const res = await put('marketing', unique('typed'), fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.detail).toBe(detail);
    }
    expect(
      (await put('marketing', unique('flag'), { setting_value: 'TRUE', data_type: 'boolean' })).body.data.setting_value,
    ).toBe('true');
    expect(
      (await put('marketing', unique('cfg'), { setting_value: '{ "a": [1, 2] }', data_type: 'json' })).body.data
        .setting_value,
    ).toBe('{"a":[1,2]}');
    expect((await put('billing', 'x', { setting_value: '1' })).status).toBe(400);
    expect((await put('general', 'Bad Key!', { setting_value: '1' })).status).toBe(400);
  });

  it('stores encrypted values encrypted, shows [ENCRYPTED] and keeps the secret on a placeholder save', async () => {
    const key = unique('webhook_secret');
    const secret = 'whsec_SuperSecretValue_12345';
    const res = await put('security', key, {
      setting_value: secret,
      data_type: 'string',
      is_encrypted: 'true',
      description: 'Webhook signing secret',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ setting_value: '[ENCRYPTED]', is_encrypted: true });
    expect(res.text).not.toContain(secret);
    const row = await testDb()
      .selectFrom('systemSettings')
      .selectAll()
      .where('settingKey', '=', key)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row.settingValue).toMatch(/^v1:/);
    const list = await callRoute(ROUTES.adminSettings, { params: { category: 'security' }, as: admin });
    expect(list.text).not.toContain(secret);

    const described = await put('security', key, {
      setting_value: '[ENCRYPTED]',
      is_encrypted: 'true',
      description: 'New description',
    });
    expect(described.status).toBe(200);
    const after = await testDb()
      .selectFrom('systemSettings')
      .select('settingValue')
      .where('settingKey', '=', key)
      .executeTakeFirstOrThrow();
    expect(after.settingValue).toBe(row.settingValue);
    const config = await callRoute(ROUTES.adminConfig, { as: admin });
    expect(config.body.data.find((e) => e.key === key)).toBeUndefined();

    // An update that sends only a new value keeps it a described, encrypted secret.
    const rotated = await put('security', key, { setting_value: 'whsec_Rotated_67890' });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data).toMatchObject({
      setting_value: '[ENCRYPTED]',
      is_encrypted: true,
      data_type: 'string',
      description: 'New description',
    });
    expect(rotated.text).not.toContain('whsec_Rotated_67890');
  });

  it('keeps the data type on an update that sends only a value, and checks the value against it', async () => {
    const key = unique('max_seats');
    expect((await put('general', key, { setting_value: '4', data_type: 'number', description: 'Seats' })).status).toBe(
      200,
    );
    const refused = await put('general', key, { setting_value: 'four' });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('A number setting needs a numeric value, not "four"');
    const updated = await put('general', key, { setting_value: '6' });
    expect(updated.body.data).toMatchObject({
      setting_value: '6',
      data_type: 'number',
      description: 'Seats',
      is_encrypted: false,
    });
    const renamed = await put('general', key, { setting_key: 'other_key', setting_value: '7' });
    expect(renamed.status).toBe(400);
    expect(renamed.body.detail).toBe(`setting_key: the body says other_key but the URL says ${key}`);
  });
});

describe('GET /api/admin/config and the quote notification address', () => {
  it('exposes notification_email and sends new quote notifications there', async () => {
    const before = await callRoute(ROUTES.adminConfig, { as: admin });
    expect(before.status).toBe(200);
    expect(before.body.data.find((e) => e.key === 'notification_email')).toBeTruthy();

    const inbox = uniqueEmail('inbox');
    const bad = await put('general', 'notification_email', { setting_value: 'not-an-email' });
    expect(bad.status).toBe(400);
    const saved = await put('general', 'notification_email', {
      setting_value: inbox,
      data_type: 'string',
      description: 'Quote notifications',
    });
    expect(saved.status).toBe(200);
    const config = await callRoute(ROUTES.adminConfig, { as: admin });
    expect(config.body.data).toContainEqual({
      key: 'notification_email',
      value: inbox,
      category: 'general',
      data_type: 'string',
    });

    const visitor = uniqueEmail('visitor');
    const quote = await callRoute(ROUTES.quoteSubmit, {
      unchecked: {
        firstName: 'Nia',
        lastName: 'Stone',
        returnEmail: visitor,
        returnPhone: '(415) 555-0100',
        aircraftMake: 'Cessna',
        aircraftModel: '172S',
        aircraftType: 'single-engine',
        serviceType: 'annual',
        preferredTimeframe: 'flexible',
        message: 'Annual please',
      },
    });
    expect(quote.status).toBe(200);
    const note = await testDb()
      .selectFrom('outbox')
      .select('toAddress')
      .where('kind', '=', 'quote.notify_business')
      .where('bodyText', 'like', `%${visitor}%`)
      .executeTakeFirstOrThrow();
    expect(note.toAddress).toBe(inbox);
  });
});

describe('money settings have their bounds', () => {
  // Refusals only: a valid deposit or fee saved here would change every bid of the files running beside this one.
  it.each([
    ['deposit_percent', '150', 'Deposit for parts must be between 0 and 100 percent'],
    ['deposit_percent', '-10', 'Deposit for parts must be between 0 and 100 percent'],
    ['deposit_percent', '12.5', 'Deposit for parts must be a whole number of percent'],
    ['platform_fee_percent', '101', 'Platform fee must be between 0 and 50 percent'],
    ['platform_fee_minimum_cents', '-1', 'Minimum platform fee must be between 0 and 10000 cents'],
  ])('refuses %s = %s with a 400 that says the bounds, and keeps what was saved', async (key, value, detail) => {
    const before = await testDb()
      .selectFrom('systemSettings')
      .select('settingValue')
      .where('category', '=', 'payment')
      .where('settingKey', '=', key)
      .executeTakeFirst();
    const res = await put('payment', key, { setting_key: key, setting_value: value });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(detail);
    const after = await testDb()
      .selectFrom('systemSettings')
      .select('settingValue')
      .where('category', '=', 'payment')
      .where('settingKey', '=', key)
      .executeTakeFirst();
    expect(after).toEqual(before);
  });
});
