import { describe, expect, it } from 'vitest';
import { depositCentsOf, feeCentsOf } from './amounts.server.ts';

describe('payment amounts (integer cents)', () => {
  it('takes the fee as a percent of the total, at least the minimum, never more than the total', () => {
    expect(feeCentsOf(120_000, 10, 500)).toBe(12_000);
    expect(feeCentsOf(3_000, 10, 500)).toBe(500);
    expect(feeCentsOf(300, 10, 500)).toBe(300);
    expect(feeCentsOf(0, 10, 500)).toBe(0);
    expect(feeCentsOf(12_345, 7.5, 0)).toBe(926); // rounded to the cent
  });

  it('rounds the deposit to the cent', () => {
    expect(depositCentsOf(20_000, 50)).toBe(10_000);
    expect(depositCentsOf(333, 33)).toBe(110);
    expect(depositCentsOf(20_000, 0)).toBe(0);
    expect(depositCentsOf(20_000, 100)).toBe(20_000);
  });
});
