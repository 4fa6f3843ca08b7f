import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api.ts';
import { validQuote } from '../helpers/quote-form.ts';
import { createUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';

// A NUL character (U+0000) cannot be stored in a PostgreSQL text column: every write that would
// carry one answers 400 with the field it was found in, never a 500, and nothing is saved.

const NUL = '\u0000';
const DETAIL = /Text cannot contain the NUL character \(\\u0000\)$/;

describe('text with a NUL character', () => {
  it('is refused with the field named, in JSON bodies, form bodies and query strings', async () => {
    const admin = await createUser('admin');
    const token = admin.token;

    const post = await callRoute(ROUTES.blogAdminCreate, {
      body: { title: `Tie${NUL}down`, content: '<p>x</p>', category: 'Safety' },
      as: token,
    });
    expect(post.status).toBe(400);
    expect(detailOf(post)).toMatch(/^title: /);
    expect(detailOf(post)).toMatch(DETAIL);

    const template = await callRoute(ROUTES.adminTemplateCreate, {
      body: { name: `n${NUL}`, subject_line: 's', html_content: '<p>h</p>', campaign_type: 'newsletter' },
      as: token,
    });
    expect(template.status).toBe(400);
    expect(detailOf(template)).toMatch(/^name: .*NUL/);

    const referral = await callRoute(ROUTES.adminReferralSave, {
      body: { reward_amount: 50, min_booking_amount: 200, share_message: `a${NUL}b` },
      as: token,
    });
    expect(referral.status).toBe(400);

    const setting = new FormData();
    setting.set('category', 'general');
    setting.set('setting_key', 'nul_probe');
    setting.set('setting_value', `a${NUL}b`);
    setting.set('data_type', 'string');
    const saved = await call('PUT', '/api/admin/config/settings/general/nul_probe', { rawBody: setting, token });
    expect(saved.status).toBe(400);
    expect(saved.body.detail).toMatch(/^setting_value: .*NUL/);
    const settings = await callRoute(ROUTES.adminSettings, { params: { category: 'general' }, as: token });
    expect((settings.body.data as Array<{ setting_key: string }>).some((s) => s.setting_key === 'nul_probe')).toBe(
      false,
    );

    const key = new FormData();
    key.set('key_name', `k${NUL}`);
    key.set('api_key', 'AC0123456789abcdef');
    const added = await call('POST', '/api/admin/config/api-keys?integration_type=twilio', { rawBody: key, token });
    expect(added.status).toBe(400);

    const search = await callRoute(ROUTES.blogPosts, { query: { q: `fuel${NUL}` } });
    expect(search.status).toBe(400);
    expect(detailOf(search)).toMatch(/^q: .*NUL/);

    const quote = await callRoute(ROUTES.quoteSubmit, { unchecked: validQuote({ firstName: `Ada${NUL}` }) });
    expect(quote.status).toBe(400);
    expect(detailOf(quote)).toMatch(/^firstName: .*NUL/);
  });
});
