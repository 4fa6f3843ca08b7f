import { describe, expect, it } from 'vitest';
import { ApiKeyFormSchema } from './admin-api-keys.ts';
import { checkSettingValue, SettingFormSchema } from './admin-settings.ts';
import { ReferralProgramSchema } from './admin-referral.ts';

describe('checkSettingValue', () => {
  it('checks numbers, booleans and JSON', () => {
    expect(checkSettingValue('number', 'abc').ok).toBe(false);
    expect(checkSettingValue('number', ' 12.5 ')).toEqual({ ok: true, value: '12.5' });
    expect(checkSettingValue('boolean', 'yes').ok).toBe(false);
    expect(checkSettingValue('boolean', 'TRUE')).toEqual({ ok: true, value: 'true' });
    expect(checkSettingValue('json', '{bad').ok).toBe(false);
    expect(checkSettingValue('json', '{ "a": 1 }')).toEqual({ ok: true, value: '{"a":1}' });
    expect(checkSettingValue('string', ' keep spaces ')).toEqual({ ok: true, value: ' keep spaces ' });
  });
});

describe('SettingFormSchema', () => {
  it('reports a type mismatch on setting_value', () => {
    const r = SettingFormSchema.safeParse({ setting_key: 'max_retries', setting_value: 'abc', data_type: 'number' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['setting_value']);
  });
  it('leaves what is not sent undecided (the stored setting keeps it; a new one is a plain string)', () => {
    const parsed = SettingFormSchema.parse({ setting_key: 'site_name', setting_value: 'Skyward' });
    expect(parsed).toMatchObject({ setting_key: 'site_name', setting_value: 'Skyward' });
    expect(parsed.data_type).toBeUndefined();
    expect(parsed.is_encrypted).toBeUndefined();
    expect(parsed.description).toBeUndefined();
    expect(
      SettingFormSchema.parse({
        setting_key: 'k',
        setting_value: 'v',
        data_type: '',
        is_encrypted: '',
        description: '',
      }),
    ).toMatchObject({
      is_encrypted: undefined,
      description: null,
    });
  });
});

describe('ApiKeyFormSchema', () => {
  it('reads form-data text', () => {
    expect(
      ApiKeyFormSchema.parse({
        key_name: ' Main ',
        api_key: 'sk',
        is_primary: 'true',
        priority: '2',
        daily_limit: '',
        additional_config: '{"a":1}',
      }),
    ).toEqual({
      key_name: 'Main',
      api_key: 'sk',
      api_secret: null,
      is_primary: true,
      priority: 2,
      daily_limit: null,
      monthly_limit: null,
      additional_config: { a: 1 },
      expires_at: null,
    });
  });
  it('refuses priority 0, non-object config and a missing name', () => {
    expect(ApiKeyFormSchema.safeParse({ key_name: 'a', api_key: 'b', priority: '0' }).success).toBe(false);
    expect(ApiKeyFormSchema.safeParse({ key_name: 'a', api_key: 'b', additional_config: '[1]' }).success).toBe(false);
    expect(ApiKeyFormSchema.safeParse({ api_key: 'b' }).success).toBe(false);
  });
});

describe('ReferralProgramSchema', () => {
  it('accepts non-negative dollars with 2 decimals', () => {
    expect(ReferralProgramSchema.parse({ reward_amount: '50.5', min_booking_amount: 0, share_message: 'Hi' })).toEqual({
      reward_amount: 50.5,
      min_booking_amount: 0,
      share_message: 'Hi',
    });
    expect(
      ReferralProgramSchema.safeParse({ reward_amount: -1, min_booking_amount: 0, share_message: 'Hi' }).success,
    ).toBe(false);
    expect(
      ReferralProgramSchema.safeParse({ reward_amount: 1.234, min_booking_amount: 0, share_message: 'Hi' }).success,
    ).toBe(false);
  });
});

describe('campaign types the product sends', () => {
  it('offers as Active only what something sends; the abandoned-quote template is kept, not sent', async () => {
    const { campaignSentAs } = await import('./admin-config.ts');
    const { TEMPLATE_FOR_KIND } = await import('../server/email/compose.server.ts');
    expect(campaignSentAs('abandoned_quote')).toBeNull();
    expect(campaignSentAs('welcome_series')).toContain('discount');
    expect(TEMPLATE_FOR_KIND).toEqual({
      'lead.popup_offer': 'welcome_series',
      'quote.acknowledge_visitor': 'follow_up',
    });
  });
});

describe('what uses each integration', () => {
  it('says it for every integration: what the key drives, and when nothing but the Test button uses it', async () => {
    const { INTEGRATION_TYPES, INTEGRATION_USES } = await import('./admin-config.ts');
    for (const { value } of INTEGRATION_TYPES) expect(INTEGRATION_USES[value]).toMatch(/\.$/);
    // Stripe takes the payments since payments came: the console says what it drives.
    expect(INTEGRATION_USES.stripe).toContain('Payments: cards saved at acceptance');
    // Google Analytics loads on the public pages after consent since docs/decisions/0275.
    expect(INTEGRATION_USES.google_analytics).toContain('after a visitor accepts analytics cookies');
  });
});
