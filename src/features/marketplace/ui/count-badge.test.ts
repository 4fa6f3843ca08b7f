import { describe, expect, it } from 'vitest';
import { countBadge } from './count-badge.ts';

describe('count badges (the bell and the Notifications tab say the same)', () => {
  it('shows the count up to 99 and 99+ past it, never the page size of 100 as if it were the count', () => {
    expect(countBadge(1)).toBe('1');
    expect(countBadge(99)).toBe('99');
    expect(countBadge(100)).toBe('99+');
    expect(countBadge(714)).toBe('99+');
  });
});
