import { describe, expect, it } from 'vitest';
import { maskSecret } from './mask.ts';

describe('maskSecret', () => {
  it('keeps the first and last 4 characters of a long key', () => {
    expect(maskSecret('sk_live_51Habcdefghijklmnop1234')).toBe('sk_l••••••••1234');
  });
  it('keeps only the last 2 of a medium key and nothing of a short one', () => {
    expect(maskSecret('abcdefghij')).toBe('••••••••ij');
    expect(maskSecret('abc')).toBe('••••••••');
  });
  it('never contains the whole secret', () => {
    for (const s of ['1234567890123456', 'x'.repeat(200), 'short-ke']) expect(maskSecret(s)).not.toContain(s);
  });
});
