import { beforeAll, describe, expect, it } from 'vitest';

import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';

let admin: TestUser;
beforeAll(async () => {
  admin = await createUser('admin');
});

describe('referral program', () => {
  it('reads and updates the terms', async () => {
    const get = await callRoute(ROUTES.adminReferral, { as: admin });
    expect(get.status).toBe(200);
    expect(get.body.data).toMatchObject({
      reward_amount: expect.any(Number),
      min_booking_amount: expect.any(Number),
      share_message: expect.any(String),
    });
    const put = await callRoute(ROUTES.adminReferralSave, {
      body: { reward_amount: '75.50', min_booking_amount: 300, share_message: ' Fly with us! ' },
      as: admin,
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({
      reward_amount: 75.5,
      min_booking_amount: 300,
      share_message: 'Fly with us!',
    });
    expect((await callRoute(ROUTES.adminReferral, { as: admin })).body.data.reward_amount).toBe(75.5);
  });

  it('refuses negative money, more than 2 decimals and an empty or long message', async () => {
    const base = { reward_amount: 10, min_booking_amount: 100, share_message: 'Hi' };
    const cases: [Record<string, unknown>, string][] = [
      [{ reward_amount: -5 }, 'Reward amount must be between $0 and $100,000'],
      [{ min_booking_amount: '12.345' }, 'Minimum booking amount must have at most 2 decimals'],
      [{ reward_amount: 'ten' }, 'Reward amount must be an amount in dollars'],
      [{ share_message: '  ' }, 'Share message is required'],
      [{ share_message: 'x'.repeat(501) }, 'Share message must be at most 500 characters'],
    ];
    for (const [change, detail] of cases) {
      const res = await callRoute(ROUTES.adminReferralSave, { body: { ...base, ...change }, as: admin });
      expect(res.status).toBe(400);
      expect(detailOf(res)).toBe(detail);
    }
  });
});

describe('email templates', () => {
  const template = {
    name: 'Welcome aboard',
    subject_line: 'Welcome, {{firstName}}!',
    html_content:
      '<h1>Hi {{firstName}} {lastName}</h1><p>Your id: {{userId}}</p><script>alert(1)</script><a href="javascript:alert(1)" onclick="x()">Book</a>',
    campaign_type: 'welcome_series',
    delay_minutes: 30,
  };

  it('creates a sanitized template with zeroed counters and lists it', async () => {
    const res = await callRoute(ROUTES.adminTemplateCreate, { body: template, as: admin });
    expect(res.status).toBe(200);
    const t = res.body.data;
    expect(t).toMatchObject({
      name: 'Welcome aboard',
      campaign_type: 'welcome_series',
      delay_minutes: 30,
      is_active: true,
      sends: 0,
      opens: 0,
      clicks: 0,
      conversions: 0,
    });
    expect(t.html_content).not.toMatch(/script|javascript:|onclick/);
    expect(t.html_content).toContain('<h1>Hi {{firstName}} {lastName}</h1>');
    const list = await callRoute(ROUTES.adminTemplates, { as: admin });
    expect(list.body.data.some((x) => x.id === t.id)).toBe(true);
    const one = await callRoute(ROUTES.adminTemplate, { params: { id: t.id }, as: admin });
    expect(one.body).toMatchObject({ success: true, data: { id: t.id, name: 'Welcome aboard' } });
    expect((await callRoute(ROUTES.adminTemplate, { params: { id: 'nope' }, as: admin })).status).toBe(404);
  });

  it("gives a template sent without a campaign type the form's default", async () => {
    const { campaign_type: _omitted, ...untyped } = template;
    const res = await callRoute(ROUTES.adminTemplateCreate, { unchecked: untyped, as: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.campaign_type).toBe('welcome_series');
  });

  it('edits, deactivates and previews with sample data', async () => {
    const t = (await callRoute(ROUTES.adminTemplateCreate, { body: template, as: admin })).body.data;
    const edited = await callRoute(ROUTES.adminTemplateUpdate, {
      params: { id: t.id },
      body: { ...template, name: 'Welcome v2', delay_minutes: 0 },
      as: admin,
    });
    expect(edited.body.data).toMatchObject({ name: 'Welcome v2', delay_minutes: 0 });
    const off = await callRoute(ROUTES.adminTemplateStatus, {
      params: { id: t.id },
      query: { active: 'false' },
      as: admin,
    });
    expect(off.body.data.is_active).toBe(false);
    const on = await callRoute(ROUTES.adminTemplateStatus, {
      params: { id: t.id },
      unchecked: { is_active: true },
      as: admin,
    });
    expect(on.body.data.is_active).toBe(true);

    const preview = await callRoute(ROUTES.adminTemplatePreview, { params: { id: t.id }, as: admin });
    expect(preview.status).toBe(200);
    expect(preview.body.data.subject).toBe('Welcome, Jordan!');
    expect(preview.body.data.html).toContain('<h1>Hi Jordan Reyes</h1>');
    expect(preview.body.data.html).toContain('<p>Your id: sample-user-0001</p>');
    // A welcome carries the popup's discount code before its sign-off, in the preview too (ADR 0192).
    expect(preview.body.data.html).toMatch(/Your discount code: <strong>SKY25-[0-9A-F]{6}<\/strong>/);
    const custom = await callRoute(ROUTES.adminTemplatePreview, {
      params: { id: t.id },
      body: { firstName: '<b>Al</b>' },
      as: admin,
    });
    expect(custom.body.data.html).toContain('Hi &lt;b&gt;Al&lt;/b&gt; Reyes');
  });

  it('refuses missing fields, a negative delay, an unknown campaign type and unknown ids', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'Name is required'],
      [{ subject_line: undefined }, 'Subject line is required'],
      [{ html_content: ' ' }, 'HTML content is required'],
      [{ delay_minutes: -1 }, 'Delay (minutes) must be between 0 and 525,600'],
      [
        { campaign_type: 'spam' },
        'Campaign type must be one of: welcome_series, abandoned_quote, follow_up, promotional, newsletter',
      ],
    ];
    for (const [change, detail] of cases) {
      const res = await callRoute(ROUTES.adminTemplateCreate, { body: { ...template, ...change }, as: admin });
      expect(res.status).toBe(400);
      expect(detailOf(res)).toBe(detail);
    }
    expect(
      (await callRoute(ROUTES.adminTemplateUpdate, { params: { id: 'nope' }, body: template, as: admin })).status,
    ).toBe(404);
    expect(
      (
        await callRoute(ROUTES.adminTemplatePreview, {
          params: { id: '00000000-0000-4000-8000-000000000000' },
          as: admin,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await callRoute(ROUTES.adminTemplateStatus, {
          params: { id: '00000000-0000-4000-8000-000000000000' },
          query: { active: 'maybe' },
          as: admin,
        })
      ).status,
    ).toBe(400);
  });
});

describe('referral share message follows the reward', () => {
  it('builds the shared text from the reward, even for a message with the amount written out', async () => {
    const put = (body: Record<string, unknown>) => callRoute(ROUTES.adminReferralSave, { unchecked: body, as: admin });
    const first = await put({
      reward_amount: 50,
      min_booking_amount: 250,
      share_message: 'Use my link for $50 off your first service!',
    });
    expect(first.body.data).toMatchObject({
      share_message: 'Use my link for {reward} off your first service!',
      share_text: 'Use my link for $50 off your first service!',
    });
    // The reward changes, the message is sent back unchanged (as the form does): it follows.
    const second = await put({
      reward_amount: 55,
      min_booking_amount: 250,
      share_message: 'Use my link for $50 off your first service!',
    });
    expect(second.body.data.share_text).toBe('Use my link for $55 off your first service!');
    const third = await put({
      reward_amount: 62.5,
      min_booking_amount: 250,
      share_message: second.body.data.share_message,
    });
    expect(third.body.data.share_text).toBe('Use my link for $62.50 off your first service!');
  });
});
