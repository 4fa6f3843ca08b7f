import { describe, expect, it } from 'vitest';
import type { InboxItem } from '../../contract/inbox.ts';
import { fillReplyTemplate } from './reply-template.ts';

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
