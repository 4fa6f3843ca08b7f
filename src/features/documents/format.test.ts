import { describe, expect, it } from 'vitest';
import { formatBytes } from './format.ts';

describe('formatBytes', () => {
  it('reads as people expect, in en-US', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(1023)).toBe('1023 bytes');
    expect(formatBytes(1024)).toBe('1.0 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10.0 MB');
    expect(formatBytes(1024 ** 3 * 1200)).toBe('1,200.0 GB');
    expect(formatBytes(-1)).toBe('—');
  });
});
