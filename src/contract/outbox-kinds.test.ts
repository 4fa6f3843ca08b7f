import { describe, expect, it } from 'vitest';
import { OUTBOX_KIND_LABELS, outboxKindLabel } from './outbox-kinds.ts';

// The Outbox names each message in words, never by its internal kind.

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

describe('every message the product queues', () => {
  it('has its own label in the Outbox (no "Aog accepted" made from a raw kind)', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const path = await import('node:path');
    const root = path.resolve(import.meta.dirname, '..');
    const files = (readdirSync(root, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.server.ts') && !f.includes('.test.'))
      .map((f) => readFileSync(path.join(root, f), 'utf8'));
    const kinds = new Set<string>();
    for (const text of files) {
      if (/enqueueEmail\(|enqueueSms\(/.test(text))
        for (const m of text.matchAll(/kind: '([a-z]+\.[a-z_.]+)'/g)) kinds.add(m[1]!);
      if (/\bnotify\(/.test(text))
        for (const m of text.matchAll(/type: '([a-z]+\.[a-z_.]+)'/g)) kinds.add(`marketplace.${m[1]!}`);
    }
    expect(kinds.size).toBeGreaterThan(20);
    const unnamed = [...kinds].filter((k) => !(k in OUTBOX_KIND_LABELS));
    expect(unnamed).toEqual([]);
  });
});
