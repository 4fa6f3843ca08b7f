import { describe, expect, it } from 'vitest';
import { maskContacts } from './contact-mask.ts';

describe('maskContacts: contact details before a quote is accepted', () => {
  it.each([
    // The words around a hidden part stay (contact-mask.test.ts holds the corpora: 0351).
    ['Call me at 415-555-0142', 'Call me at [phone hidden]'],
    ['my number is (415) 555 0142.', 'my number is [phone hidden].'],
    ['Reach the shop: 415.555.0142', 'Reach the shop: [phone hidden]'],
    ['+1 415 555 0142 anytime', '[phone hidden] anytime'],
    ['555-0142 after five', '[phone hidden] after five'],
    ['olive.owner+planes@example.co.uk has the logbook', '[email hidden] has the logbook'],
    ['olive (at) example (dot) com', '[email hidden]'],
    ['four one five five five five zero one four two', '[phone hidden]'],
  ])('%s', (input, expected) => {
    expect(maskContacts(input)).toEqual({ text: expected, masked: true });
  });

  it.each([
    'The annual is due 2030-05-02, budget $2,500.50.',
    'Tach reads 2100.5 hours; N12345 is in hangar 14.',
    'Two or three days, five hours of labor.',
    'Gate code is 4417',
    // Naming an app gives no contact away; its handle or number would be hidden.
    'text me on whatsapp tomorrow',
  ])('keeps job details: %s', (input) => {
    expect(maskContacts(input)).toEqual({ text: input, masked: false });
  });
});
