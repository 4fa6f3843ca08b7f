import { describe, expect, it } from 'vitest';
import type { InboxDetail, InboxItem } from '../../contract/inbox.ts';
import { fillReplyTemplate, quoteReply } from './reply-template.ts';

const item = {
  id: 'q1',
  kind: 'quotes',
  firstName: 'Amelia',
  lastName: 'Earhart',
  aircraft: { make: 'Lockheed', model: 'Electra 10E', registrationNumber: 'NR16020', type: 'multi-engine' },
  serviceType: 'annual',
} as InboxItem;

describe('fillReplyTemplate', () => {
  it("fills the request's first name, aircraft and service, both brace styles", () => {
    const out = fillReplyTemplate(
      {
        subject_line: 'Your {{service}} quote, {firstName}',
        html_content:
          '<p>Hi {{ firstName }},</p><p>About your {aircraft}: <b>$2,400</b> &amp; parts.</p><p>{{unknown}}</p>',
      },
      item,
    );
    expect(out.subject).toBe('Your annual inspection quote, Amelia');
    expect(out.body).toBe('Hi Amelia,\n\nAbout your Lockheed Electra 10E: $2,400 & parts.\n\n{{unknown}}');
  });
  it('reads sensibly for a lead without aircraft or service', () => {
    const out = fillReplyTemplate(
      { subject_line: 'Hello {{firstName}}', html_content: 'For {{aircraft}} and {{service}}' },
      { ...item, aircraft: null, serviceType: null },
    );
    expect(out.body).toBe('For your aircraft and service');
  });
});

describe('quoteReply ("Here is your quote")', () => {
  const detail = (fields: Record<string, string | number | boolean | null>) =>
    ({ ...item, fields, merged: [], history: [], duplicates: [], invitation: null }) as unknown as InboxDetail;

  it('names the aircraft, its registration and the service, and leaves the price for the administrator', () => {
    const out = quoteReply(detail({ discountCode: null }));
    expect(out.subject).toBe('Your annual inspection quote for Lockheed Electra 10E (NR16020)');
    expect(out.body).toContain('Hi Amelia,');
    expect(out.body).toContain('the annual inspection on your Lockheed Electra 10E (NR16020). Here is your quote:');
    expect(out.body).toContain('Price: $____');
    expect(out.body).not.toContain('discount code');
  });

  it('carries the discount code the popup promised, with what it covers', () => {
    const out = quoteReply(detail({ discountCode: 'SKY25-1A2B3C' }));
    expect(out.body).toContain('Your discount code SKY25-1A2B3C takes 25% off the labor.');
    expect(out.body).toContain('parts are not discounted');
  });
});
