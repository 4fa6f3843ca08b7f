import { describe, expect, it } from 'vitest';
import { depositCentsFor } from '../../contract/payments.ts';
import { feeCentsOf } from './amounts.server.ts';

describe('payment amounts (integer cents)', () => {
  it('takes the fee as a percent of the total, at least the minimum, never more than the total', () => {
    expect(feeCentsOf(120_000, 10, 500)).toBe(12_000);
    expect(feeCentsOf(3_000, 10, 500)).toBe(500);
    expect(feeCentsOf(300, 10, 500)).toBe(300);
    expect(feeCentsOf(0, 10, 500)).toBe(0);
    expect(feeCentsOf(12_345, 7.5, 0)).toBe(926); // rounded to the cent
  });

  it("rounds the deposit to the cent, and asks none under Stripe's $0.50 minimum", () => {
    expect(depositCentsFor(20_000, 50)).toBe(10_000);
    expect(depositCentsFor(333, 33)).toBe(110);
    expect(depositCentsFor(20_000, 0)).toBe(0);
    expect(depositCentsFor(20_000, 100)).toBe(20_000);
    expect(depositCentsFor(97, 50)).toBe(0); // $0.485 rounds to 49 cents: under the minimum
    expect(depositCentsFor(100, 50)).toBe(50);
  });
});
