import { describe, expect, it } from 'vitest';
import { outboxKindLabel } from './outbox-kinds.ts';

// Issue 28, point 14: the Outbox names each message in words, never by its internal kind.

describe('outboxKindLabel', () => {
  it('says the known kinds in words', () => {
    expect(outboxKindLabel('lead.popup_offer')).toBe('Popup discount code');
    expect(outboxKindLabel('marketplace.request.matched')).toBe('New service request (to a mechanic)');
  });
  it('says an unlisted kind in words from its name, never raw', () => {
    expect(outboxKindLabel('marketplace.new_thing')).toBe('New thing');
    expect(outboxKindLabel('billing.invoice_due')).toBe('Billing invoice due');
    expect(outboxKindLabel('')).toBe('Message');
  });
});
